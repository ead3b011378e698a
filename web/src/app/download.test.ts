// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { download } from './download';
import { setMessageApi } from './feedback';
import { resetAuthNotice } from './request';

const toasts = { error: vi.fn(), warning: vi.fn() };
const fetchMock = vi.fn();
let clicked: HTMLAnchorElement | null = null;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setMessageApi(toasts as never);
  resetAuthNotice();
  toasts.warning.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  clicked = null;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    // the mock records which anchor was clicked: `this` is that anchor
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    clicked = this;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('download', () => {
  it('saves the file under the RFC 5987 name', async () => {
    fetchMock.mockResolvedValue(
      new Response('x', {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="a.xlsx"; filename*=UTF-8''%E8%BD%A6%E8%BE%86%E7%BB%9F%E8%AE%A1.xlsx`,
        },
      }),
    );
    await expect(download('GET', '/statistics/bikeOut', { params: { selfAreaId: '000000' } })).resolves.toBe('车辆统计.xlsx');
    expect(clicked?.download).toBe('车辆统计.xlsx');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/statistics/bikeOut?selfAreaId=000000');
  });

  it('warns with the server message when a JSON envelope comes back', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 500, message: '导出失败', data: null }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(download('GET', '/x')).rejects.toMatchObject({ kind: 'failed', handled: true });
    expect(toasts.warning).toHaveBeenCalledWith('导出失败');
    expect(clicked).toBeNull();
  });
});
