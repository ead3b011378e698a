// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { entriesOf } from '../lib/permission';
import { setMessageApi } from './feedback';
import { guardLoader } from './guard';
import { setNavigator } from './navigation';
import { resetAuthNotice } from './request';
import { heldDefaults, persistedDefaults, useSession } from './session/store';

const fetchMock = vi.fn();
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: '', data }), { status: 200 });
const admin = { id: 1, username: 'admin', name: '超级管理员', areaId: '000000', areaName: '全国', areaLevel: 0, userLevel: 3, roles: [] };
const tree = [
  { id: '000000', areaCode: '000000', areaName: '全国', parentId: null, level: 0, aggregation: 0, aggregationId: null, platformCode: null, children: [] },
];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setMessageApi({ error: vi.fn(), warning: vi.fn() } as never);
  setNavigator(vi.fn());
  resetAuthNotice();
  useSession.setState({ ...persistedDefaults(), ...heldDefaults() });
});

describe('guardLoader', () => {
  it('sends visitors without a token to /login without calling the server', async () => {
    const res = (await guardLoader()) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads user, permissions, area tree and national areas', async () => {
    useSession.setState({ authorization: 'tok' });
    fetchMock.mockImplementation((url: string) => {
      if (url.startsWith('/api/user')) return Promise.resolve(ok(admin));
      if (url.startsWith('/api/permission/list')) return Promise.resolve(ok(entriesOf(['home.totalRing'])));
      if (url.startsWith('/api/area/user')) return Promise.resolve(ok(tree));
      if (url.startsWith('/api/area/all')) return Promise.resolve(ok([{ id: '110000', areaName: '北京市', parentId: '000000', level: 1 }]));
      return Promise.reject(new Error(url));
    });
    await expect(guardLoader()).resolves.toBeNull();
    const s = useSession.getState();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(
      expect.arrayContaining(['/api/user', '/api/permission/list', '/api/area/all', '/api/area/user?selfAreaId=000000']),
    );
    expect(s.user?.username).toBe('admin');
    expect(s.selfAreaId).toBe('000000');
    expect(s.permissions).toEqual(entriesOf(['home.totalRing']));
    expect(s.selfAddress?.areaName).toBe('全国');
    expect(s.isAggregation).toBe(true);
    expect(s.nationalArea.map((a) => a.areaName)).toEqual(['全国', '北京市']);
  });

  it('proceeds when loading fails', async () => {
    useSession.setState({ authorization: 'tok', user: { ...admin, areaId: '110000' } as never, permissions: entriesOf(['warn']) });
    fetchMock.mockImplementation((url: string) =>
      url.startsWith('/api/user') ? Promise.resolve(ok({ ...admin, areaId: '110000' })) : Promise.resolve(new Response('', { status: 502 })),
    );
    await expect(guardLoader()).resolves.toBeNull();
    expect(useSession.getState().permissions).toEqual(entriesOf(['warn'])); // kept
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/area/user?selfAreaId=110000');
  });
});
