// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEIJING, renderPage, SLOW, WAIT } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { logIn } from '../../test/session';

const PARAMS = {
  areaId: '110108',
  areaName: '海淀区',
  aggregation: 0,
  editable: true,
  reason: null,
  fullPileNum: 1,
  fullPileName: '满桩值',
  length: 20,
  dispatchThresholdLess: 20,
  dispatchThresholdMore: 80,
  dispatchResponseMinute: 30,
};
let answer: typeof PARAMS | (Omit<typeof PARAMS, 'reason'> & { reason: string }) = PARAMS;
let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  answer = PARAMS;
  fetched = stubFetch((path, method) => {
    if (path === '/api/config/siteParams' && method === 'GET') return ok(answer);
    if (path === '/api/config/siteParams' && method === 'PUT') return ok(PARAMS, 200, '站点参数已保存');
    return undefined;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('#/regionalSettings/params', () => {
  it("edits the area's site parameters and sends them for the area in the URL", SLOW, async () => {
    logIn({ ...BEIJING, permissions: ['area.manage'] });
    renderPage('/regionalSettings/params?selfAreaId=110108');
    await screen.findByText('海淀区站点参数', {}, WAIT);
    expect(fetched.last('/api/config/siteParams')!.url.searchParams.get('selfAreaId')).toBe('110108');
    const length = document.getElementById('length') as HTMLInputElement;
    fireEvent.change(length, { target: { value: '35' } });
    fireEvent.click(screen.getByRole('button', { name: '保存站点参数' }));
    await waitFor(() => expect(fetched.last('/api/config/siteParams', 'PUT')).toBeTruthy(), WAIT);
    const put = fetched.last('/api/config/siteParams', 'PUT')!;
    expect(put.url.searchParams.get('selfAreaId')).toBe('110108');
    expect(put.body).toMatchObject({
      fullPileName: '满桩值',
      fullPileNum: 1,
      length: 35,
      dispatchThresholdLess: 20,
      dispatchThresholdMore: 80,
      dispatchResponseMinute: 30,
    });
    await screen.findByText('站点参数已保存', {}, WAIT);
  });

  it('shows an aggregation area read-only with the reason', SLOW, async () => {
    answer = { ...PARAMS, aggregation: 1, editable: false, reason: '聚合区域的站点参数随聚合区域设置，此处只读' };
    logIn({ ...BEIJING, permissions: ['area.manage'] });
    renderPage('/regionalSettings/params?selfAreaId=110108');
    expect((await screen.findByTestId('params-reason', {}, WAIT)).textContent).toContain('只读');
    expect(screen.queryByRole('button', { name: '保存站点参数' })).toBeNull();
    expect((document.getElementById('length') as HTMLInputElement).disabled).toBe(true);
  });
});
