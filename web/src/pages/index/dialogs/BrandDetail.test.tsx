// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { xiaolanEnterprise } from '../../../test/enterprise';
import { ok, stubFetch } from '../../../test/stubFetch';
import BrandDetail from './BrandDetail';

const brand = {
  ...xiaolanEnterprise,
  brandAddress: '海淀区',
  brandOperationNum: 3,
  brandBikeNum: 10,
  brandEBikeNum: 2,
  maintainPersonUrl: null,
  bicycleUrl: '/uploads/fedcba9876543210fedcba9876543210.pdf',
  electricVehicleUrl: null,
};

afterEach(() => vi.restoreAllMocks());

describe('the big screen enterprise dialog', () => {
  it('opens documents through the session (token, blob URL), never a bare /uploads/ link, and warns for a missing one', { timeout: 60_000 }, async () => {
    logIn({ selfAreaId: '110108', permissions: ['home'] });
    const fx = stubFetch((path) => (path === '/api/dashboard/brandInfo' ? ok(brand) : undefined));
    const files: { url: string; auth: string | null }[] = [];
    const inner = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (String(input).startsWith('/uploads/')) {
          files.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
          return { ok: true, status: 200, blob: async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }) } as Response;
        }
        return inner(input, init);
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc'), revokeObjectURL: vi.fn() }));
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { container } = renderRoute(<BrandDetail brandId={5} />, '/index');
    await screen.findByText('北京小蓝科技有限公司');
    expect(fx.last('/api/dashboard/brandInfo')!.url.searchParams.get('brandId')).toBe('5');
    expect(container.querySelector('a[href*="/uploads/"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /政府批文\.pdf/ }));
    await waitFor(() => expect(tab.location.href).toBe('blob:doc'));
    fireEvent.click(screen.getByRole('button', { name: /自行车信息\.pdf/ }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files).toEqual([
      { url: brand.brandApprovalUrl, auth: 'Bearer tok' },
      { url: brand.bicycleUrl, auth: 'Bearer tok' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: /运维人员信息/ }));
    await screen.findByText('运维人员信息不存在！');
  });

  it('asks the server about a missing document for users of 企业管理 and shows its warning', { timeout: 60_000 }, async () => {
    logIn({ selfAreaId: '110108', permissions: ['home', 'companyManagement'] });
    const fx = stubFetch((path, _m, url) => {
      if (path !== '/api/company/getEnterpriseInfoById') return undefined;
      return url.searchParams.get('type') === '3' ? ok(null, 400, '电动车信息不存在！') : ok({ ...brand, documents: [], quotas: [] });
    });
    renderRoute(<BrandDetail brandId={5} />, '/index');
    await screen.findByText('北京小蓝科技有限公司');
    fireEvent.click(screen.getByRole('button', { name: /电动车信息/ }));
    await screen.findByText('电动车信息不存在！');
    expect(fx.last('/api/company/getEnterpriseInfoById')!.url.searchParams.get('type')).toBe('3');
  });
});
