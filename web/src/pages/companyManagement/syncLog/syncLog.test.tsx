// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import RequestSync from '../requestSync';
import BikeSync from '../bikeSync';

const log = (over: Record<string, unknown>) => ({
  id: 1,
  brandId: 3,
  brandName: '美团',
  endpoint: 'POST /orders',
  time: '2026-11-24 08:00:00',
  itemCount: 100,
  accepted: 98,
  rejected: 2,
  result: 'partial',
  resultText: '部分成功',
  detail: {
    rejected: [
      { index: 4, id: 'O-5', reason: 'at 时间格式不正确' },
      { index: 9, id: null, reason: '条目应为对象' },
    ],
  },
  durationMs: 35,
  ...over,
});

let fx: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fx = stubFetch((path) => {
    if (path === '/api/company/getEnterpriseList') return ok({ lists: [{ brandId: 3, brandName: '美团' }], total: 1 });
    if (path === '/api/company/getRequestSyncList')
      return ok({ lists: [log({}), log({ id: 2, result: 'ok', resultText: '成功', rejected: 0, accepted: 100, detail: null })], total: 2 });
    if (path === '/api/company/getBikeSyncList') return ok({ lists: [], total: 0 });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('sync logs', () => {
  it('lists the calls of its kind and shows the rejected items of a call with their reasons', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.export'] });
    renderRoute(<RequestSync />, '/companyManagement/requestSync');
    const cells = await screen.findAllByText('2026-11-24 08:00:00');
    expect(screen.getByText('部分成功')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    fireEvent.click(within(cells[0].closest('tr')!).getByRole('button', { name: '明细' }));
    await screen.findByText('at 时间格式不正确');
    expect(document.body.textContent).toContain('第 5 条');
    expect(document.body.textContent).toContain('O-5');
    expect(document.body.textContent).toContain('条目应为对象');
    const q = Object.fromEntries(fx.last('/api/company/getRequestSyncList')!.url.searchParams);
    expect(q).toMatchObject({ currentPage: '1', pageSize: '10' });
  });

  it('sends the URL filters to its own call, says 暂无数据 when empty, no 导出 without company.export', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['companyManagement'] });
    const { router } = renderRoute(<BikeSync />, '/companyManagement/bikeSync');
    await router.navigate('/companyManagement/bikeSync?result=failed&startTime=2026-11-01&endTime=2026-11-02');
    await waitFor(() => expect(fx.last('/api/company/getBikeSyncList')?.url.searchParams.get('result')).toBe('failed'), { timeout: 20_000 });
    expect(Object.fromEntries(fx.last('/api/company/getBikeSyncList')!.url.searchParams)).toMatchObject({ startTime: '2026-11-01', endTime: '2026-11-02' });
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('numbers the rejected items of a spreadsheet import by the sheet’s row, as its reasons do', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['companyManagement'] });
    const sheetLog = log({
      endpoint: '表格导入 #7',
      itemCount: 6,
      accepted: 5,
      rejected: 1,
      detail: { rejected: [{ index: 5, id: 'MT0001', reason: '车辆编号 MT0001 与第 2 行重复：同一车辆只备案一次' }] },
    });
    stubFetch((path) => {
      if (path === '/api/company/getEnterpriseList') return ok({ lists: [{ brandId: 3, brandName: '美团' }], total: 1 });
      if (path === '/api/company/getBikeSyncList') return ok({ lists: [sheetLog], total: 1 });
    });
    renderRoute(<BikeSync />, '/companyManagement/bikeSync');
    const cell = await screen.findByText('表格导入 #7');
    fireEvent.click(within(cell.closest('tr')!).getByRole('button', { name: '明细' }));
    await screen.findByText('车辆编号 MT0001 与第 2 行重复：同一车辆只备案一次');
    const drawer = document.querySelector('.ant-drawer')!;
    expect(drawer.textContent).toContain('被拒绝的行');
    expect(within(drawer as HTMLElement).getByRole('columnheader', { name: '行号' })).toBeTruthy();
    expect(drawer.textContent).toContain('第 6 行');
    expect(drawer.textContent).not.toContain('第 6 条');
  });
});
