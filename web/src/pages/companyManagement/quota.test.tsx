// @vitest-environment jsdom
/** 总量设置 and 区域核准数量: caps and quotas edited in place, counts beside them, the share above the quota in red. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute';
import { logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import Check, { NO_SUGGESTION } from './check/index';
import { overOf } from './quotaCells';
import Sum from './sum/index';

/** 北京市辖区's area administrator */
const BEIJING_USER = { username: 'bj', name: '北京', areaId: '110100' };

const area = (areaId: string, areaName: string, o: Record<string, number>) => ({
  areaId,
  areaName,
  parentId: areaId === '110100' ? '110000' : '110100',
  childNum: areaId === '110100' ? 2 : 0,
  bikeNum: 0,
  ebikeNum: 0,
  totalNum: 0,
  filedBikeNum: 0,
  filedEBikeNum: 0,
  onlineBikeNum: 0,
  onlineEBikeNum: 0,
  siteBikeNum: 0,
  siteEBikeNum: 0,
  brandNum: 2,
  capBikeNum: 0,
  capEBikeNum: 0,
  ...o,
});

let hdCap = 12;
let refuse: string | null = null;
let fx: ReturnType<typeof stubFetch>;
beforeEach(() => {
  hdCap = 12;
  refuse = null;
  fx = stubFetch((path, method, url) => {
    if (path === '/api/indexPage/getAreaTotalList')
      return ok({
        total: 3,
        lists: [
          area('110100', '市辖区', { bikeNum: 17, filedBikeNum: 20, capBikeNum: 30 }),
          area('110108', '海淀区', { bikeNum: 11, ebikeNum: 7, filedBikeNum: 15, onlineBikeNum: 12, siteBikeNum: 9, capBikeNum: hdCap, filedEBikeNum: 4 }),
          area('110105', '朝阳区', { bikeNum: 6, filedBikeNum: 9 }),
        ],
      });
    if (path === '/api/indexPage/getAreaTotalNumber') {
      const { parentId: _p, childNum: _c, ...t } = area(url.searchParams.get('selfAreaId') ?? '110100', '海淀区', { bikeNum: 11, ebikeNum: 7, capBikeNum: 12 });
      return ok(t);
    }
    if (path === '/api/indexPage/getAreaBrandList')
      return ok({
        total: 2,
        lists: [
          {
            areaId: '110108',
            ownBikeNum: 10,
            ownEBikeNum: 5,
            brandId: 3,
            brandName: '美团',
            bikeColor: '#f5c518',
            ebikeColor: '#1890ff',
            bikeNum: 10,
            ebikeNum: 5,
            filedBikeNum: 12,
            filedEBikeNum: 2,
            onlineBikeNum: 9,
            onlineEBikeNum: 2,
            siteBikeNum: 4,
            siteEBikeNum: 1,
            rating: null,
          },
          {
            areaId: '110108',
            ownBikeNum: 0,
            ownEBikeNum: 2,
            brandId: 4,
            brandName: '哈啰',
            bikeColor: '#00a0e9',
            ebikeColor: '#ff7f00',
            bikeNum: 1,
            ebikeNum: 2,
            filedBikeNum: 2,
            filedEBikeNum: 2,
            onlineBikeNum: 3,
            onlineEBikeNum: 2,
            siteBikeNum: 3,
            siteEBikeNum: 1,
            rating: { period: '2026-10', grade: 'C', score: 68, quota: 3, suggestedQuota: 2 },
          },
        ],
      });
    if (method === 'POST' && refuse) return ok(null, 400, refuse);
    if (path === '/api/indexPage/setAreaTotalNumber') {
      hdCap = (fx.calls.at(-1)!.body as { bikeNum: number }).bikeNum;
      return ok({});
    }
    if (path === '/api/indexPage/setAreaBikeNumber') return ok({});
  });
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('overOf', () => {
  it('gives the part above the quota and its share; nothing within it or without a cap', () => {
    expect(overOf(15, 12)).toEqual({ n: 3, percent: 25 });
    expect(overOf(12, 12)).toBeNull();
    expect(overOf(8, 0)).toEqual({ n: 8, percent: null });
    expect(overOf(8, 0, true)).toBeNull();
  });
});

describe('总量设置', () => {
  it('lists the area and the areas below it with caps, approved and counts; the part above a cap in red', { timeout: 120_000 }, async () => {
    logIn({ user: BEIJING_USER, permissions: ['company.quota'] });
    renderRoute(<Sum />, '/companyManagement/sum');
    await screen.findByText('海淀区');
    const hd = rowOf('海淀区');
    // filed 15 over the cap 12: +3 (25%), online 12 is not over
    expect(within(hd).getByText('+3（25%）')).toBeTruthy();
    expect(hd.textContent).toContain('可再核准 1');
    expect(hd.querySelectorAll('.quota-over')).toHaveLength(1);
    // 朝阳: no cap, 不限, nothing red
    const cy = rowOf('朝阳区');
    expect(cy.textContent).toContain('不限');
    expect(cy.querySelectorAll('.quota-over')).toHaveLength(0);
    // the chosen area is marked and has no 下级区域 link; the others offer 核准数量
    expect(rowOf('市辖区').textContent).toContain('所选');
    expect(within(rowOf('市辖区')).queryByRole('button', { name: '下级区域' })).toBeNull();
    expect(within(cy).getByRole('button', { name: '核准数量' })).toBeTruthy();
    expect(document.body.textContent).toContain('共 3 条');
  });

  it('edits a cap in place, saves both types through setAreaTotalNumber and shows the new value', { timeout: 120_000 }, async () => {
    logIn({ user: BEIJING_USER, permissions: ['company.quota'] });
    renderRoute(<Sum />, '/companyManagement/sum');
    await screen.findByText('海淀区');
    fireEvent.click(screen.getByRole('button', { name: '编辑海淀区自行车总量上限' }));
    const box = screen.getByRole('spinbutton', { name: '海淀区自行车总量上限' });
    fireEvent.change(box, { target: { value: '20' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(fx.last('/api/indexPage/setAreaTotalNumber', 'POST')).toBeTruthy());
    expect(fx.last('/api/indexPage/setAreaTotalNumber', 'POST')!.body).toEqual({ selfAreaId: '110108', areaId: '110108', bikeNum: 20, ebikeNum: 0 });
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: '海淀区自行车总量上限' })).toBeNull());
    // refetched: 20 now, filed 15 no longer over
    await waitFor(() => expect(rowOf('海淀区').querySelectorAll('.quota-over')).toHaveLength(0));
    expect(rowOf('海淀区').textContent).toContain('可再核准 9');
  });

  it('keeps the box open with the server’s refusal under it; Esc gives up', { timeout: 120_000 }, async () => {
    logIn({ user: BEIJING_USER, permissions: ['company.quota'] });
    refuse = '参数 bikeNum（自行车总量上限）低于海淀区已核准的自行车合计 11，请填 0（不限）或不小于 11 的数，或先调低企业核准数量';
    renderRoute(<Sum />, '/companyManagement/sum');
    await screen.findByText('海淀区');
    fireEvent.click(screen.getByRole('button', { name: '编辑海淀区自行车总量上限' }));
    const box = screen.getByRole('spinbutton', { name: '海淀区自行车总量上限' });
    fireEvent.change(box, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toContain('低于海淀区已核准的自行车合计 11');
    fireEvent.keyDown(screen.getByRole('spinbutton', { name: '海淀区自行车总量上限' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('spinbutton')).toBeNull());
  });

  it('shows no edit buttons without company.quota', { timeout: 120_000 }, async () => {
    logIn({ user: BEIJING_USER, permissions: ['companyManagement'] });
    renderRoute(<Sum />, '/companyManagement/sum');
    await screen.findByText('海淀区');
    expect(screen.queryByRole('button', { name: /^编辑/ })).toBeNull();
  });
});

describe('区域核准数量', () => {
  it('lists the area’s enterprises with their quotas, the big screen’s counts, the red share and the rating’s suggestion', { timeout: 120_000 }, async () => {
    logIn({ user: BEIJING_USER, permissions: ['company.quota'] });
    const { router } = renderRoute(<Check />, '/companyManagement/check');
    await router.navigate('/companyManagement/check?selfAreaId=110108');
    await screen.findByText('美团');
    await waitFor(() => expect(fx.last('/api/indexPage/getAreaBrandList')?.url.searchParams.get('selfAreaId')).toBe('110108'));
    expect(fx.last('/api/indexPage/getAreaTotalNumber')!.url.searchParams.get('selfAreaId')).toBe('110108');
    const mt = rowOf('美团');
    // filed 12 above 10: +2 (20%)
    expect(within(mt).getByText('+2（20%）')).toBeTruthy();
    expect(mt.querySelectorAll('.quota-over')).toHaveLength(1);
    // 哈啰: nothing set on 海淀 itself, 1 below it
    const hb = rowOf('哈啰');
    expect(hb.textContent).toContain('含下级区域共 1');
    expect(within(hb).getByText('+1（100%）')).toBeTruthy(); // filed 2 over 1
    expect(within(hb).getByText('+2（200%）')).toBeTruthy(); // online 3 over 1
    expect(screen.getAllByText('考核建议调整').length).toBeGreaterThan(0);
    expect(within(mt).getByLabelText(NO_SUGGESTION).textContent).toBe('—');
    // 哈啰 graded C in October: 2 of its 3, linked to its 考核详情
    const hint = within(hb).getByRole('link', { name: '哈啰考核建议' });
    expect(hint.textContent).toBe('2（-1）');
    expect(hint.getAttribute('href')).toBe('/ratingEvaluation/rate/grade?period=2026-10&brandId=4&selfAreaId=110108');
    // the head comes with its own call (getAreaTotalNumber), which may answer after the list's
    const head = await screen.findByLabelText('区域总量');
    expect(head.textContent).toContain('自行车：上限 12，已核准 11，可再核准 1');
    expect(head.textContent).toContain('电动车：不限，已核准 7');
  });

  it('edits a quota in place and saves it with the other type unchanged', { timeout: 120_000 }, async () => {
    logIn({ user: BEIJING_USER, permissions: ['company.quota'] });
    renderRoute(<Check />, '/companyManagement/check');
    await screen.findByText('美团');
    fireEvent.click(screen.getByRole('button', { name: '编辑美团电动车核准数量' }));
    const box = screen.getByRole('spinbutton', { name: '美团电动车核准数量' });
    fireEvent.change(box, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(fx.last('/api/indexPage/setAreaBikeNumber', 'POST')).toBeTruthy());
    expect(fx.last('/api/indexPage/setAreaBikeNumber', 'POST')!.body).toEqual({ selfAreaId: '110108', areaId: '110108', brandId: 3, bikeNum: 10, ebikeNum: 8 });
    await waitFor(() => expect(screen.queryByRole('spinbutton')).toBeNull());
    // a blank box is not sent
    fireEvent.click(screen.getByRole('button', { name: '编辑哈啰自行车核准数量' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: '哈啰自行车核准数量' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('哈啰自行车核准数量须为不小于 0 的整数');
    expect(fx.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows no edit buttons without company.quota', { timeout: 120_000 }, async () => {
    logIn({ user: BEIJING_USER, permissions: ['companyManagement'] });
    renderRoute(<Check />, '/companyManagement/check');
    await screen.findByText('美团');
    expect(screen.queryByRole('button', { name: /^编辑/ })).toBeNull();
  });
});
