// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { entriesOf } from '../../lib/permission';
import { LOGIN_RESET_KEYS, LOGOUT_CLEAR_KEYS, STORAGE_KEY, heldDefaults, persistedDefaults, unchangedSkipping, useSession } from './store';
import type { AreaNode, User } from './types';

const user = (over: Partial<User> = {}): User => ({
  id: 1,
  username: 'admin',
  name: '管理员',
  phone: '13812345678',
  company: null,
  roles: [],
  areaId: '110000',
  areaName: '北京市',
  areaLevel: 1,
  userLevel: 3,
  siteId: null,
  createTime: null,
  unavailableTime: null,
  idcardUrl: null,
  idcardBackUrl: null,
  creatorName: null,
  platformCode: null,
  ...over,
});

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> } | null;
const area = { id: '110000', areaCode: '110000', areaName: '北京市', parentId: '000000', level: 1, aggregation: 0, aggregationId: null, platformCode: null };

beforeEach(() => {
  useSession.setState({ ...persistedDefaults(), ...heldDefaults() });
  localStorage.clear();
});

describe('session store', () => {
  it('holds every spec §3 field with its default', () => {
    const s = useSession.getState();
    expect(s.userCurrentPage).toBe(10);
    expect(s.fullPileNum).toBe(1);
    expect(s.fullPileName).toBe('满桩值');
    for (const k of ['sliders', 'currpath', 'siteMessage', 'nationalArea', 'brands', 'dispatcherList', 'replyTypeList', 'tableDataBrands']) {
      expect(s).toHaveProperty(k);
    }
    for (const k of [
      'authorization',
      'permissions',
      'user',
      'selfAreaId',
      'selfAddress',
      'areaAll',
      'level',
      'siteMessageLength',
      'historyData',
      'isAggregation',
      'userSelectAddressData',
      'ratioSites',
      'illegalBikes',
      'siteId',
    ]) {
      expect(s).toHaveProperty(k);
    }
  });

  it('persists the persisted fields under the fixed key on each change, not the held ones', () => {
    useSession.getState().patch({ siteMessageLength: 3, brands: [{ brandName: 'x' }] });
    const saved = stored();
    expect(saved?.state.siteMessageLength).toBe(3);
    expect(saved?.state).not.toHaveProperty('brands');
    expect(saved?.state).toHaveProperty('fullPileNum', 1);
  });

  it('login resets exactly the login fields, then keeps token and user', () => {
    useSession.getState().patch({
      permissions: entriesOf(['warn']),
      areaAll: [area],
      selfAddress: area,
      userSelectAddressData: ['110000'],
      siteMessageLength: 5,
      historyData: [{ a: 1 }],
      fullPileNum: 0.8,
    });
    useSession.getState().login('tok', user());
    const s = useSession.getState();
    expect(s.authorization).toBe('tok');
    expect(s.user?.username).toBe('admin');
    expect(s.selfAreaId).toBe('110000');
    expect(s.permissions).toEqual([]);
    expect(s.areaAll).toEqual([]);
    expect(s.selfAddress).toBeNull();
    expect(s.userSelectAddressData).toEqual([]);
    // untouched by login
    expect(s.siteMessageLength).toBe(5);
    expect(s.historyData).toEqual([{ a: 1 }]);
    expect(s.fullPileNum).toBe(0.8);
    expect(LOGIN_RESET_KEYS).toHaveLength(6);
  });

  it('gives enterprise users (userLevel < 2) no selfAreaId', () => {
    useSession.getState().login('tok', user({ userLevel: 1 }));
    expect(useSession.getState().selfAreaId).toBe('');
  });

  it('logout clears its fields and removes the persisted key', () => {
    useSession.getState().login('tok', user());
    useSession.getState().patch({ level: 2, siteMessageLength: 4, currpath: '/x', tableDataBrands: [{}], historyData: [{}], fullPileNum: 0.5 });
    expect(stored()).not.toBeNull();
    useSession.getState().logout();
    const s = useSession.getState();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(s.authorization).toBe('');
    expect(s.user).toBeNull();
    expect(s.level).toBe(0);
    expect(s.siteMessageLength).toBe(0);
    expect(s.currpath).toBe('');
    expect(s.tableDataBrands).toEqual([]);
    expect(s.historyData).toEqual([]);
    expect(s.fullPileNum).toBe(0.5); // not in the logout list
    expect(LOGOUT_CLEAR_KEYS).toHaveLength(12);
  });

  it('restores from the persisted key at start', async () => {
    useSession.getState().login('restored-token', user());
    const raw = localStorage.getItem(STORAGE_KEY)!;
    useSession.setState({ ...persistedDefaults() });
    localStorage.setItem(STORAGE_KEY, raw);
    await useSession.persist.rehydrate();
    expect(useSession.getState().authorization).toBe('restored-token');
    expect(useSession.getState().user?.name).toBe('管理员');
  });

  it('stores the area tree once at most: not areaAll (reloaded with the session), selfAddress without its subtree', () => {
    // a national tree: 31 provinces × 10 cities × 12 districts
    const node = (id: string, level: number, children?: AreaNode[]): AreaNode => ({ ...area, id, areaCode: id, areaName: `区域${id}`, level, children });
    const districts = (c: number) => Array.from({ length: 12 }, (_, d) => node(`${c}${d}`, 3));
    const cities = (p: number) => Array.from({ length: 10 }, (_, c) => node(`${p}${c}`, 2, districts(p * 100 + c)));
    const nation = node(
      '000000',
      0,
      Array.from({ length: 31 }, (_, p) => node(`${p}`, 1, cities(p))),
    );
    const treeSize = JSON.stringify(nation).length;
    useSession.getState().login('tok', user());
    useSession.getState().patch({ areaAll: [nation], selfAddress: nation, level: 0 });
    const raw = localStorage.getItem(STORAGE_KEY)!;
    const saved = JSON.parse(raw) as { state: Record<string, unknown> };
    expect(saved.state).not.toHaveProperty('areaAll');
    expect(saved.state.selfAddress).toMatchObject({ id: '000000', areaName: '区域000000', level: 0 });
    expect(saved.state.selfAddress).not.toHaveProperty('children');
    expect(raw.length).toBeLessThan(2_000);
    expect(treeSize).toBeGreaterThan(100_000);
    // in memory the tree stays whole
    expect(useSession.getState().selfAddress?.children).toHaveLength(31);
    expect(useSession.getState().areaAll[0].children).toHaveLength(31);
  });

  it('keeps every other spec §3 persisted field in storage', () => {
    useSession.getState().login('tok', user());
    const saved = stored()!.state;
    for (const k of Object.keys(persistedDefaults()).filter((k) => k !== 'areaAll')) expect(saved).toHaveProperty(k);
  });

  it('does not rewrite the stored session when a change leaves it as it was', () => {
    useSession.getState().login('tok', user());
    const spy = vi.spyOn(Storage.prototype, 'setItem');
    try {
      useSession.getState().patch({ siteMessage: [{ id: 1 }], brands: [{ brandName: 'x' }] });
      useSession.getState().patch({ siteMessage: [{ id: 2 }] });
      expect(spy).not.toHaveBeenCalled();
      useSession.getState().patch({ siteMessageLength: 2 });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('writes again after the key was removed behind its back', () => {
    const storage = unchangedSkipping(localStorage);
    storage.setItem('k', 'v');
    localStorage.removeItem('k');
    storage.setItem('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    storage.removeItem('k');
    expect(localStorage.getItem('k')).toBeNull();
  });
});
