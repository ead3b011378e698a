// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import BikeFiling from '.';

vi.mock('../../../components/uploads', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  uploadFile: vi.fn(async (file: File) => ({
    id: 1,
    file: 'a'.repeat(32) + '.xlsx',
    url: `/uploads/${'a'.repeat(32)}.xlsx`,
    name: file.name,
    size: 1,
    type: 'x',
  })),
}));

const imp = (over: Record<string, unknown>) => ({
  id: 7,
  brandId: 3,
  brandName: '青桔',
  userName: '海淀',
  fileType: 'xlsx',
  fileName: '车辆备案.xlsx',
  fileUrl: `/uploads/${'b'.repeat(32)}.xlsx`,
  createTime: '2026-11-24 08:00:00',
  finishTime: '2026-11-24 08:00:05',
  status: 'done',
  statusText: '已完成',
  totalRows: 3,
  lastRow: 4,
  accepted: 2,
  rejected: 1,
  message: '已备案 2 行，拒绝 1 行',
  ...over,
});

let fx: ReturnType<typeof stubFetch>;
let polls = 0;
beforeEach(() => {
  polls = 0;
  fx = stubFetch((path, method, url) => {
    if (path === '/api/company/getEnterpriseList') return ok({ lists: [{ brandId: 3, brandName: '青桔' }], total: 1 });
    if (path === '/api/company/getBikeImportList') return ok({ lists: [imp({})], total: 1 });
    if (path === '/api/company/importBikes' && method === 'POST') return ok({ id: 8 });
    if (path === '/api/company/getBikeImport') {
      const id = Number(url.searchParams.get('id'));
      if (id === 8 && polls++ === 0) return ok(imp({ id: 8, status: 'running', statusText: '导入中', accepted: 0, rejected: 0, totalRows: 0 }));
      return ok(imp({ id }));
    }
    if (path === '/api/company/getBikeImportRows')
      return url.searchParams.get('result') === 'rejected'
        ? ok({ lists: [{ row: 3, bikeId: 'QJ3', bikeType: '三轮车', reason: '车辆类型（bikeType）只能是 0、1' }], total: 1 })
        : ok({
            lists: [
              { row: 2, bikeId: 'QJ2', bikeType: '自行车' },
              { row: 4, bikeId: 'QJ4', bikeType: '1' },
            ],
            total: 2,
          });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('车辆备案', () => {
  it('lists the import history and opens an import with its refused rows and reasons', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.filing'] });
    renderRoute(<BikeFiling />, '/companyManagement/bikeFiling');
    const cell = await screen.findByText('2026-11-24 08:00:00');
    const row = cell.closest('tr')!;
    expect(row.textContent).toContain('车辆备案.xlsx');
    expect(row.textContent).toContain('已完成');
    fireEvent.click(within(row).getByRole('button', { name: '查看结果' }));
    await screen.findByText('导入完成：已备案 2 行，拒绝 1 行');
    await screen.findByText('车辆类型（bikeType）只能是 0、1');
    expect(screen.getByRole('tab', { name: '被拒绝的行（1）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载被拒绝的行/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '已备案的行（2）' }));
    // a type written as the open API's code is said as the type it was filed as
    const filed = (await screen.findByText('QJ4')).closest('tr')!;
    expect(within(filed).getByText('电动车')).toBeTruthy();
    expect(within(screen.getByText('QJ2').closest('tr')!).getByText('自行车')).toBeTruthy();
  });

  it('uploads a dropped file for the chosen enterprise, shows the progress, then the result', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.filing'] });
    renderRoute(<BikeFiling />, '/companyManagement/bikeFiling');
    await screen.findByText('2026-11-24 08:00:00');
    await waitFor(() => expect(document.querySelector('.filing-brand')?.textContent).toContain('青桔'));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '新车辆.xlsx')] } });
    await waitFor(() => expect(fx.last('/api/company/importBikes', 'POST')?.body).toEqual({ brandId: 3, file: `${'a'.repeat(32)}.xlsx` }));
    await screen.findByText(/正在导入/);
    await screen.findByText('导入完成：已备案 2 行，拒绝 1 行', undefined, { timeout: 10_000 });
  });

  it('says what is missing without company.filing', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['company.export'] });
    renderRoute(<BikeFiling />, '/companyManagement/bikeFiling');
    await screen.findByText('没有车辆备案导入权限');
    expect(fx.last('/api/company/getBikeImportList')).toBeUndefined();
  });
});
