// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { xiaolanEnterprise } from '../../../test/enterprise';
import { ok, stubFetch } from '../../../test/stubFetch';
import { bodyOf, initialValuesOf } from './EnterpriseForm';
import Company from './index';
import type { EnterpriseDetail } from './service';

/** the user's area tree: 海淀 */
const HAIDIAN_TREE = { areaAll: [{ id: '110108', areaName: '海淀区', children: [] }] as never };

const row = xiaolanEnterprise;
const detail: EnterpriseDetail = {
  ...row,
  maintainPersonUrl: null,
  bicycleUrl: '/uploads/fedcba9876543210fedcba9876543210.xlsx',
  electricVehicleUrl: null,
  documents: [
    { field: 'brandApprovalUrl', label: '政府批准文件', url: row.brandApprovalUrl, name: '政府批文.pdf', type: 'application/pdf', size: 100 },
    {
      field: 'bicycleUrl',
      label: '自行车信息',
      url: '/uploads/fedcba9876543210fedcba9876543210.xlsx',
      name: '自行车信息.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 200,
    },
  ],
  quotas: [{ brandId: 5, brandName: '小蓝单车', areaId: '110108', areaName: '海淀区', bikeQuota: 2000, ebikeQuota: 100, updateTime: '2026-11-21 09:00:00' }],
};

let fx: ReturnType<typeof stubFetch>;
let deleteAnswer: Response;
beforeEach(() => {
  deleteAnswer = ok(null, 400, '该企业还有 1,290 辆车，不能删除：请先撤销这些车辆的备案');
  fx = stubFetch((path, method) => {
    if (path === '/api/company/getEnterpriseList') return ok({ lists: [row], total: 1 });
    if (path === '/api/company/getEnterpriseInfoById') return ok(detail);
    if (path === '/api/company/getMaintainerList')
      return ok({
        lists: [
          { id: 9, brandId: 5, brandName: '小蓝单车', maintainName: '王五', maintainPhone: '137****1111', manageArea: '110108', manageAreaText: '海淀区' },
        ],
        total: 1,
      });
    if (path === '/api/company/createEnterprise' && method === 'POST') return ok({ brandId: 6, brandPassword: 'GenPass2345abcdE' }, 200, '企业已新增');
    if (path === '/api/company/deleteEnterprise') return deleteAnswer;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('企业信息', () => {
  it(
    'lists enterprises with masked phones and opens the detail: documents through the session, the spec warnings, quotas, maintainers',
    { timeout: 120_000 },
    async () => {
      logIn({ ...HAIDIAN_TREE, permissions: ['company.edit'] });
      const { router } = renderRoute(<Company />, '/companyManagement/company');
      await router.navigate('/companyManagement/company?brandName=小蓝');
      const cell = await screen.findByText('北京小蓝科技有限公司');
      const tr = cell.closest('tr')!;
      expect(tr.textContent).toContain('139****5678');
      expect(tr.textContent).not.toContain('13912345678');
      expect(tr.textContent).toContain('1,234');
      await waitFor(() =>
        expect(Object.fromEntries(fx.last('/api/company/getEnterpriseList')!.url.searchParams)).toMatchObject({
          brandName: '小蓝',
          currentPage: '1',
          pageSize: '10',
        }),
      );
      expect((screen.getByPlaceholderText('请输入品牌名称') as HTMLInputElement).value).toBe('小蓝');
      expect(screen.getByText('共 1 条')).toBeTruthy();
      fireEvent.click(within(tr).getByRole('button', { name: '详情' }));
      const drawer = await screen.findByRole('dialog');
      await within(drawer).findByText('企业详情：小蓝单车');
      // documents are buttons that fetch with the token, never links to /uploads/…
      expect(within(drawer).getByRole('button', { name: /政府批文\.pdf/ })).toBeTruthy();
      expect(within(drawer).getByRole('button', { name: /自行车信息\.xlsx/ })).toBeTruthy();
      expect(drawer.querySelector('a[href^="/uploads/"]')).toBeNull();
      expect(drawer.textContent).toContain('运维人员信息不存在！');
      expect(drawer.textContent).toContain('电动车信息不存在！');
      expect(drawer.textContent).toContain('已设置（只保存哈希，不可查看）');
      expect(drawer.textContent).toContain('2000');
      await within(drawer).findByText('137****1111');
      // the maintainers registered beside the number the enterprise declared, in warning colour when fewer
      const count = within(drawer).getByLabelText('运维人员人数');
      expect(count.textContent).toBe('已登记 1 人，企业申报 12 人');
      expect(count.className).toContain('warning');
      expect(within(drawer).getByRole('button', { name: /新增运维人员/ })).toBeTruthy();
    },
  );

  it('opens a document with the session token into a blob URL', { timeout: 120_000 }, async () => {
    logIn({ ...HAIDIAN_TREE, permissions: ['company.edit'] });
    const blob = vi.fn(() => 'blob:doc');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: blob, revokeObjectURL: vi.fn() }));
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
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
    renderRoute(<Company />, '/companyManagement/company');
    fireEvent.click(within((await screen.findByText('北京小蓝科技有限公司')).closest('tr')!).getByRole('button', { name: '详情' }));
    fireEvent.click(await screen.findByRole('button', { name: /政府批文\.pdf/ }, { timeout: 20_000 }));
    await waitFor(() => expect(tab.location.href).toBe('blob:doc'));
    expect(files).toEqual([{ url: row.brandApprovalUrl, auth: 'Bearer tok' }]);
  });

  it('creates an enterprise with a generated password and shows it once', { timeout: 120_000 }, async () => {
    logIn({ ...HAIDIAN_TREE, permissions: ['company.edit'] });
    renderRoute(<Company />, '/companyManagement/company');
    await screen.findByText('北京小蓝科技有限公司');
    fireEvent.click(screen.getByRole('button', { name: /新增企业/ }));
    const form = await screen.findByRole('dialog');
    await within(form).findByText('新增企业');
    const input = (label: string) => within(form).getByPlaceholderText(`请输入${label}`);
    fireEvent.change(input('品牌名称'), { target: { value: '青桔单车' } });
    fireEvent.change(input('企业账号（开放接口）'), { target: { value: 'qingju' } });
    fireEvent.change(input('联系电话'), { target: { value: '123' } });
    fireEvent.blur(input('联系电话'));
    await within(form).findByText('请输入 11 位手机号或固定电话（如 010-12345678）');
    fireEvent.change(input('联系电话'), { target: { value: '13800138000' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(fx.last('/api/company/createEnterprise', 'POST')).toBeTruthy());
    expect(fx.last('/api/company/createEnterprise', 'POST')!.body).toMatchObject({
      brandName: '青桔单车',
      brandAccount: 'qingju',
      brandContactMobile: '13800138000',
      generatePassword: true,
      areaId: '110108',
      launchArea: ['110108'],
      operationAreaId: ['110108'],
      brandApprovalUrl: '',
    });
    expect(await screen.findByTestId('new-password')).toHaveProperty('textContent', 'GenPass2345abcdE');
    expect(document.body.textContent).toContain('“青桔单车”的开放接口账号 qingju 的密码');
    fireEvent.click(screen.getByRole('button', { name: '我已转交，关闭' }));
    await waitFor(() => expect(screen.queryByTestId('new-password')).toBeNull());
  });

  it('shows the server refusal when an enterprise with bikes is deleted', { timeout: 120_000 }, async () => {
    logIn({ ...HAIDIAN_TREE, permissions: ['company.edit'] });
    renderRoute(<Company />, '/companyManagement/company');
    const tr = (await screen.findByText('北京小蓝科技有限公司')).closest('tr')!;
    fireEvent.click(within(tr).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByText(/确定要删除企业“小蓝单车”吗/);
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('该企业还有 1,290 辆车，不能删除：请先撤销这些车辆的备案');
    expect(fx.last('/api/company/deleteEnterprise', 'DELETE')!.url.searchParams.get('brandId')).toBe('5');
  });

  it('hides 新增, 编辑 and 删除 without company.edit', { timeout: 120_000 }, async () => {
    logIn({ ...HAIDIAN_TREE, permissions: ['companyManagement'] });
    renderRoute(<Company />, '/companyManagement/company');
    const tr = (await screen.findByText('北京小蓝科技有限公司')).closest('tr')!;
    expect(screen.queryByRole('button', { name: /新增企业/ })).toBeNull();
    expect(within(tr).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(tr).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(tr).getByRole('button', { name: '详情' })).toBeTruthy();
  });
});

describe('the enterprise form values', () => {
  it('edits keep the password unless changed and send removed documents as blank', () => {
    const init = initialValuesOf(detail, '110108');
    expect(init).toMatchObject({ passwordMode: 'keep', brandApproval: { url: row.brandApprovalUrl, name: '政府批文.pdf', type: 'application/pdf' } });
    const body = bodyOf({ ...init, brandApproval: null, brandName: ' 小蓝 ' } as never, 5) as Record<string, unknown>;
    expect(body).toMatchObject({ brandId: 5, brandName: '小蓝', brandApprovalUrl: '', brandApprovalName: '', bicycleUrl: detail.bicycleUrl });
    expect(body).not.toHaveProperty('brandPassword');
    expect(body).not.toHaveProperty('generatePassword');
    expect(bodyOf({ ...init, passwordMode: 'manual', brandPassword: 'Abc12345' } as never, 5)).toMatchObject({ brandPassword: 'Abc12345' });
  });
});
