// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_RESET_KEYS, LOGOUT_CLEAR_KEYS, STORAGE_KEY, heldDefaults, persistedDefaults, useSession } from './store';
import type { User } from './types';

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
    for (const k of ['authorization', 'permissions', 'user', 'selfAreaId', 'selfAddress', 'areaAll', 'level', 'siteMessageLength', 'historyData', 'isAggregation', 'userSelectAddressData', 'ratioSites', 'illegalBikes', 'siteId']) {
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
      permissions: [{ id: 1 }],
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
});
