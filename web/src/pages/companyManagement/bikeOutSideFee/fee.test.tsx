// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn, setPermissions } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import CompanyManagement from '../index';
import BikeOutSideFee from './index';

let fx: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fx = stubFetch((path) => {
    if (path === '/api/company/getEnterpriseList') return ok({ lists: [{ brandId: 3, brandName: '美团' }], total: 1 });
    if (path === '/api/bikeOutSiteFee/getFeeList')
      return ok({
        lists: [
          { date: '2026-11-11', brandId: 3, brandName: '美团', outSiteNum: 12, feeNum: 10, feeAmount: '86.50' },
          { date: '2026-11-10', brandId: 3, brandName: '美团', outSiteNum: 7, feeNum: 7, feeAmount: '52.00' },
        ],
        total: 2,
        sum: { outSiteNum: 19, feeAmount: '138.50' },
        startTime: '2026-11-01',
        endTime: '2026-11-25',
      });
    if (path === '/api/bikeOutSiteFee/getFeeUserDetails')
      return ok({ lists: [{ riderPhone: '138****8000', outSiteNum: 3, feeNum: 3, feeAmount: '31.50', lastTime: '2026-11-11 18:20:00' }], total: 1 });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('站外还车扣费', () => {
  it('lists fees per enterprise and day with the totals, filtered by the URL, and opens the riders of a row', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.edit', 'company.export'] });
    renderRoute(<BikeOutSideFee />, '/companyManagement/bikeOutSideFee');
    await screen.findByText('2026-11-11');
    const totals = screen.getByLabelText('合计');
    expect(totals.textContent).toContain('2026-11-01 至 2026-11-25');
    expect(totals.textContent).toContain('19');
    expect(totals.textContent).toContain('138.50');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    const row = screen.getByText('2026-11-11').closest('tr')!;
    expect(row.textContent).toContain('86.50');
    fireEvent.click(within(row).getByRole('button', { name: '用户明细' }));
    await screen.findByText('138****8000');
    const q = Object.fromEntries(fx.last('/api/bikeOutSiteFee/getFeeUserDetails')!.url.searchParams);
    expect(q).toMatchObject({ brandId: '3', startTime: '2026-11-11', endTime: '2026-11-11', currentPage: '1', pageSize: '10' });
    expect(document.body.textContent).toContain('美团 2026-11-11 站外还车扣费用户明细');
  });

  it('shows in the empty 还车日期 the period the server applied, and says what an empty one means (issue 25, point 12)', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.edit'] });
    renderRoute(<BikeOutSideFee />, '/companyManagement/bikeOutSideFee');
    await screen.findByText('2026-11-11');
    const inputs = () => [...document.querySelectorAll<HTMLInputElement>('.desk-query .ant-picker-range input')];
    await waitFor(() =>
      expect(inputs().map((i) => [i.value, i.placeholder])).toEqual([
        ['', '2026-11-01'],
        ['', '2026-11-25'],
      ]),
    );
    expect(fx.last('/api/bikeOutSiteFee/getFeeList')!.url.searchParams.get('startTime')).toBeNull();
    // the label's tooltip says what an empty picker asks for
    const label = screen.getByText('还车日期').closest('label')!;
    fireEvent.mouseOver(label.querySelector('.anticon')!);
    expect((await screen.findByRole('tooltip')).textContent).toContain('不选日期时：本月 1 日至今天');
  });

  it('sends the URL filters and hides 导出 without company.export', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.edit'] });
    const { router } = renderRoute(<BikeOutSideFee />, '/companyManagement/bikeOutSideFee');
    await router.navigate('/companyManagement/bikeOutSideFee?brandId=3&startTime=2026-11-10&endTime=2026-11-11');
    await waitFor(() => expect(fx.last('/api/bikeOutSiteFee/getFeeList')?.url.searchParams.get('brandId')).toBe('3'), { timeout: 20_000 });
    const q = Object.fromEntries(fx.last('/api/bikeOutSiteFee/getFeeList')!.url.searchParams);
    expect(q).toMatchObject({ startTime: '2026-11-10', endTime: '2026-11-11' });
    await screen.findByText('2026-11-10');
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('shows the section as a desk page with its tabs, refused without companyManagement', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['companyManagement'] });
    renderRoute(<CompanyManagement />, '/companyManagement');
    expect(await screen.findByRole('tab', { name: '站外还车扣费' })).toBeTruthy();
    setPermissions(['operation']);
    await screen.findByText('无权访问');
  });
});
