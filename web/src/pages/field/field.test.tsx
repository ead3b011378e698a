// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { distanceKm } from '../../lib/distance';
import { wgs84ToGcj02 } from '../../lib/mapCoords';
import type { PermissionName } from '../../lib/permission';
import { renderRoute } from '../../test/renderRoute';
import { logIn, permissionsOf } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import FieldApp from './index';
import { outbox, useOutbox } from './outbox';
import { localTime, memoryStore } from './queue';
import type { Nearby } from './types';

const HERE = { lon: 116.31, lat: 39.98 };
const NEARBY: Nearby = {
  clockSites: [
    { id: 5, name: '中关村打卡点', lon: 116.31, lat: 39.98, radius: 100, distance: 35 },
    { id: 6, name: '海淀黄庄打卡点', lon: 116.32, lat: 39.97, radius: 100, distance: 1250 },
  ],
  sites: [
    { siteId: 'S1', siteName: '中关村站', lon: 116.31, lat: 39.98, distance: 20 },
    { siteId: 'S2', siteName: '黄庄站', lon: 116.32, lat: 39.97, distance: 900 },
  ],
  brands: [
    { brandId: 1, brandName: '美团' },
    { brandId: 2, brandName: '哈啰' },
  ],
  today: {
    day: localTime(Date.now()).slice(0, 10),
    windows: [
      { start: '07:00', end: '09:00', lateUntil: '10:00', clocks: 1, done: 1, late: 1, state: 'done' },
      { start: '17:00', end: '19:00', lateUntil: '20:00', clocks: 2, done: 0, late: 0, state: 'waiting' },
    ],
    records: [],
  },
};
const HISTORY = {
  items: [
    { kind: 'clock', id: 9, time: '2026-05-10 08:40:12', title: '中关村打卡点', state: '迟到', note: null, siteId: null },
    { kind: 'siteApply', id: 3, time: '2026-05-09 16:00:00', title: '中关村大街 3 号口', state: '待审核', note: null, siteId: null },
    { kind: 'siteApply', id: 4, time: '2026-05-08 16:00:00', title: '知春路口', state: '已驳回', note: '距离知春里站不足 50 米', siteId: null },
  ],
};
const ALL: PermissionName[] = ['field', 'field.clock', 'field.patrol', 'field.install', 'field.siteApply', 'field.report'];
const MAINTAINER = { id: 31, username: 'yw01', name: '王运维', roles: [{ id: 31, roleName: '运维人员' }], areaName: '海淀区', company: '美团' };

type Answer = (path: string, method: string, url: URL) => Response | undefined;

/** The field app at `entry` for a maintainer holding `perms`; the server answers with `answer` first, then the fixtures. */
function open(entry: string, { perms = ALL, answer }: { perms?: PermissionName[]; answer?: Answer } = {}) {
  logIn({ permissions: perms, user: MAINTAINER });
  const fetches = stubFetch((path, method, url) => {
    const own = answer?.(path, method, url);
    if (own) return own;
    if (path === '/api/user') return ok(MAINTAINER);
    if (path === '/api/permission/list') return ok(permissionsOf(perms));
    if (path === '/api/field/nearby') return ok(NEARBY);
    if (path === '/api/field/history') return ok(HISTORY);
    if (path === '/api/upload')
      return ok({
        id: 1,
        file: `up-${fetches.calls.filter((c) => c.url.pathname === '/api/upload').length}.jpg`,
        url: '/uploads/x',
        name: 'a.jpg',
        size: 10,
        type: 'image/jpeg',
      });
    return undefined;
  });
  const view = renderRoute(<FieldApp />, '/field/:id?', [{ path: '/login', element: <div>login page</div> }], entry);
  return { ...view, ...fetches };
}

function geolocate(result: { lon: number; lat: number } | { code: number }) {
  const getCurrentPosition = vi.fn((okCb: PositionCallback, errCb?: PositionErrorCallback | null) => {
    if ('code' in result)
      errCb?.({ code: result.code, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else okCb({ coords: { longitude: result.lon, latitude: result.lat, accuracy: 12 }, timestamp: Date.now() } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

async function takePhoto(name = 'IMG_1.jpg') {
  const input = await screen.findByLabelText<HTMLInputElement>('拍照');
  expect(input.getAttribute('accept')).toBe('image/*');
  expect(input.getAttribute('capture')).toBe('environment');
  fireEvent.change(input, { target: { files: [new File(['jpeg bytes'], name, { type: 'image/jpeg' })] } });
  await screen.findByAltText(/照片 \d/);
}

const submit = (name: RegExp | string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  outbox(memoryStore());
  useOutbox.setState({ records: [], loaded: false });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
  geolocate(HERE);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the field app', () => {
  it('sends a visitor without a session to login', async () => {
    stubFetch(() => undefined);
    renderRoute(<FieldApp />, '/field/:id?', [{ path: '/login', element: <div>login page</div> }], '/field');
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('首页: who I am, today’s windows, a tile per allowed action, nothing waiting, my history', async () => {
    open('/field', { perms: ['field', 'field.clock', 'field.patrol'] });
    expect(await screen.findByText('王运维')).toBeTruthy();
    expect(screen.getByText('运维人员 · 美团 · 海淀区')).toBeTruthy();
    const windows = await screen.findByRole('list', { name: '今日打卡时段' });
    expect(within(windows).getByText('07:00–09:00')).toBeTruthy();
    expect(within(windows).getByText('已完成')).toBeTruthy();
    expect(within(windows).getByText('已打 0/2')).toBeTruthy();
    const tiles = screen.getByRole('navigation', { name: '外勤工作' });
    expect(
      within(tiles)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/field/clock', '/field/patrol']);
    expect(within(tiles).queryByText('设备安装')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('outbox-count').textContent).toBe('0条待发送'));
    expect(await screen.findByText('中关村大街 3 号口')).toBeTruthy();
    expect(screen.getByText('2026-05-10 08:40:12 · 迟到')).toBeTruthy();
    // a rejected site application tells why
    expect(screen.getByTestId('history-note-siteApply-4').textContent).toBe('驳回理由：距离知春里站不足 50 米');
  });

  it('a user without 外勤 is told so', async () => {
    open('/field', { perms: ['warn'] });
    expect(await screen.findByText('没有外勤权限')).toBeTruthy();
  });

  it('an action the user lacks is refused on its own screen', async () => {
    open('/field/install', { perms: ['field', 'field.clock'] });
    expect(await screen.findByText('没有设备安装权限')).toBeTruthy();
  });
});

describe('打卡', () => {
  it('lists the nearest clock sites with distance and radius, sends the photo then the clock, and shows the verdict', async () => {
    const f = open('/field/clock', {
      answer: (path) =>
        path === '/api/field/clock'
          ? ok({ id: 77, result: 2, resultName: '迟到', distance: 35, radius: 100, window: '07:00-09:00', repeated: false }, 200, '打卡成功（迟到）')
          : undefined,
    });
    expect(await screen.findByText('中关村打卡点')).toBeTruthy();
    // the server's distances once its answer for this position is in (before, those measured here from the last answer kept)
    expect(await screen.findByText(/距离 35 米 · 范围 100 米/)).toBeTruthy();
    expect(screen.getByText(/距离 1.3 公里 · 范围 100 米/)).toBeTruthy();
    expect(screen.getByText('范围内')).toBeTruthy();
    expect(screen.getByText('超出范围')).toBeTruthy();
    // asked with the phone's position
    const near = f.last('/api/field/nearby')!;
    expect([near.url.searchParams.get('lon'), near.url.searchParams.get('lat')]).toEqual(['116.31', '39.98']);
    // no photo yet
    expect(screen.getByText('请拍一张现场照片')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^打\s*卡$/ }) as HTMLButtonElement).disabled).toBe(true);
    await takePhoto();
    submit(/^打\s*卡$/);
    expect(await screen.findByText('迟到')).toBeTruthy();
    expect(screen.getByText('距打卡点 35 米（范围 100 米） · 时段 07:00-09:00')).toBeTruthy();
    expect(screen.getByText('打卡成功（迟到）')).toBeTruthy();
    const upload = f.last('/api/upload', 'POST')!;
    expect(upload.url.searchParams.get('purpose')).toBe('clock');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(Blob);
    const body = f.last('/api/field/clock', 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ clockSiteId: 5, lon: 116.31, lat: 39.98, photos: ['up-1.jpg'] });
    expect(body.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(body).not.toHaveProperty('at');
    // sent: nothing kept on the phone
    expect(await outbox().list()).toEqual([]);
  });

  it('warns before a clock outside the radius, and says it was marked so', async () => {
    const f = open('/field/clock', {
      answer: (path) =>
        path === '/api/field/clock'
          ? ok(
              { id: 78, result: 3, resultName: '范围外', distance: 1250, radius: 100, window: null, repeated: false },
              200,
              '不在打卡范围内：距打卡点 1250 米（范围 100 米），已记为范围外',
            )
          : undefined,
    });
    fireEvent.click(await screen.findByText('海淀黄庄打卡点'));
    expect(await screen.findByText('你距「海淀黄庄打卡点」1.3 公里，超出 100 米 的范围：可以打卡，但会记为范围外。')).toBeTruthy();
    await takePhoto();
    submit(/^打\s*卡$/);
    expect(await screen.findByText('范围外')).toBeTruthy();
    expect(screen.getByText(/已记为范围外/)).toBeTruthy();
    expect(f.last('/api/field/clock', 'POST')!.body).toMatchObject({ clockSiteId: 6 });
  });

  it('offline: the clock sites kept from the last answer, measured from here; the clock kept on the phone', async () => {
    localStorage.setItem('sbs-field-nearby:31', JSON.stringify(NEARBY));
    open('/field/clock', {
      answer: (path) => {
        if (path.startsWith('/api/field/') || path === '/api/upload') throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    const here = wgs84ToGcj02(HERE);
    const metresTo = (i: number) => Math.round(distanceKm(here, NEARBY.clockSites[i]) * 1000);
    expect(metresTo(0)).toBeGreaterThan(100);
    expect(await screen.findByText(new RegExp(`距离 ${metresTo(0)} 米 · 范围 100 米`))).toBeTruthy();
    await takePhoto();
    submit(/^打\s*卡$/);
    expect(await screen.findByRole('heading', { name: '已保存在手机上' })).toBeTruthy();
    expect(await outbox().list()).toMatchObject([
      { kind: 'clock', state: 'waiting', body: { clockSiteId: 5, lon: 116.31, lat: 39.98 }, title: '打卡 · 中关村打卡点' },
    ]);
  });

  it('says in Chinese why there is no position, and does not let the clock go', async () => {
    const first = geolocate({ code: 1 });
    open('/field/clock');
    expect(await screen.findByText(/定位权限被拒绝：请在手机的设置或浏览器中允许本网站使用位置信息/)).toBeTruthy();
    await takePhoto();
    expect((screen.getByRole('button', { name: /^打\s*卡$/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('等待定位…')).toBeTruthy();
    // allowed now: 重新定位 finds it
    const again = geolocate(HERE);
    submit(/重新定位/);
    await waitFor(() => expect((screen.getByRole('button', { name: /^打\s*卡$/ }) as HTMLButtonElement).disabled).toBe(false));
    // opening the screen takes a fix up to 15 s old; asked again, the phone may have moved: a fresh one
    expect((first.mock.calls[0] as unknown[])[2]).toMatchObject({ maximumAge: 15_000 });
    expect((again.mock.calls[0] as unknown[])[2]).toMatchObject({ maximumAge: 0 });
  });
});

describe('巡检', () => {
  it('made without network: kept on the phone with its photo, the user told; sent later once', async () => {
    let offline = true;
    const f = open('/field/patrol', {
      answer: (path) => {
        if (offline && (path === '/api/upload' || path.startsWith('/api/field/patrol'))) throw new TypeError('Failed to fetch');
        if (path === '/api/field/patrol') return ok({ id: 12, bikeId: 'MT1001', brandName: '美团', repeated: false });
        return undefined;
      },
    });
    // no scanner in this browser: no 扫码 button
    expect(screen.queryByRole('button', { name: /扫码/ })).toBeNull();
    fireEvent.change(await screen.findByPlaceholderText('输入车辆编号，或扫码'), { target: { value: 'MT1001' } });
    fireEvent.click(screen.getByRole('radio', { name: '违停' }));
    fireEvent.change(screen.getByPlaceholderText('选填，如故障情况'), { target: { value: '压盲道' } });
    await takePhoto();
    submit('提交巡检');
    expect(await screen.findByText('已保存在手机上')).toBeTruthy();
    const [kept] = await outbox().list();
    expect(kept).toMatchObject({
      kind: 'patrol',
      state: 'waiting',
      body: { bikeId: 'MT1001', result: 2, note: '压盲道', lon: 116.31, lat: 39.98 },
      title: '巡检 · MT1001 · 违停',
    });
    expect(kept.photos).toHaveLength(1);
    // the network is back: the sender sends it once
    offline = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await outbox().list()).toEqual([]));
    const posts = f.calls.filter((c) => c.url.pathname === '/api/field/patrol' && c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject({ clientId: kept.clientId, bikeId: 'MT1001', result: 2, photos: [expect.stringMatching(/^up-\d\.jpg$/)] });
  });

  it('takes a MAC as the bike’s MAC', async () => {
    const f = open('/field/patrol', {
      answer: (path) => (path === '/api/field/patrol' ? ok({ id: 13, bikeId: null, brandName: null, repeated: false }) : undefined),
    });
    fireEvent.change(await screen.findByPlaceholderText('输入车辆编号，或扫码'), { target: { value: 'aabbccddeeff' } });
    expect(await screen.findByText('按 MAC 记录：AA:BB:CC:DD:EE:FF')).toBeTruthy();
    await takePhoto();
    submit('提交巡检');
    expect(await screen.findByText('巡检已记录')).toBeTruthy();
    const body = f.last('/api/field/patrol', 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ bikeMac: 'AA:BB:CC:DD:EE:FF', result: 1 });
    expect(body).not.toHaveProperty('bikeId');
  });
});

describe('违规举报', () => {
  it("a refusal is shown with the server's message and kept as 发送失败 until deleted", async () => {
    open('/field/report', { answer: (path) => (path === '/api/field/report' ? ok(null, 400, '照片不是本人上传的图片') : undefined) });
    await takePhoto();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('哈啰'));
    fireEvent.change(screen.getByPlaceholderText('如 大量车辆停放在盲道上'), { target: { value: '车辆堆在盲道上' } });
    submit('提交举报');
    expect(await screen.findByText('发送失败')).toBeTruthy();
    expect(screen.getByText('照片不是本人上传的图片')).toBeTruthy();
    const [kept] = await outbox().list();
    expect(kept).toMatchObject({ kind: 'report', state: 'failed', error: '照片不是本人上传的图片', body: { brandId: 2, text: '车辆堆在盲道上' } });
    // the home screen lists it with the reason, and deletes it when asked
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    const failed = await screen.findByRole('region', { name: '手机上的记录' });
    expect(within(failed).getByText('原因：照片不是本人上传的图片')).toBeTruthy();
    expect(within(failed).getByText('违规举报 · 哈啰 · 车辆堆在盲道上')).toBeTruthy();
    fireEvent.click(within(failed).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('「违规举报 · 哈啰 · 车辆堆在盲道上」及其照片将从手机上删除，不会再发送。')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(async () => expect(await outbox().list()).toEqual([]));
  });
});

describe('设备安装', () => {
  it('sends the MAC, the site picked from the nearest, and the photo', async () => {
    const f = open('/field/install', { answer: (path) => (path === '/api/field/install' ? ok({ id: 4, repeated: false }) : undefined) });
    fireEvent.change(await screen.findByPlaceholderText('如 AA:BB:CC:DD:EE:FF'), { target: { value: 'a1-b2-c3-d4-e5-f6' } });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('黄庄站（900 米）'));
    await takePhoto();
    submit('提交安装记录');
    expect(await screen.findByText('安装已记录')).toBeTruthy();
    expect(f.last('/api/field/install', 'POST')!.body).toMatchObject({ mac: 'A1:B2:C3:D4:E5:F6', siteId: 'S2', lon: 116.31, lat: 39.98, photos: ['up-1.jpg'] });
  });
});

describe('站点申请', () => {
  // jsdom has no canvas: a 2D context that draws nothing (as the desk map's own tests)
  beforeAll(() => {
    const noop = () => undefined;
    const ctx = new Proxy({}, { get: (_, k) => (k === 'canvas' ? document.createElement('canvas') : noop) });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
  });

  it("proposes a site at the phone's position on the map, with name, capacity, piles, reason and photos", async () => {
    const f = open('/field/siteApply', { answer: (path) => (path === '/api/field/siteApply' ? ok({ id: 8, repeated: false }) : undefined) });
    expect(await screen.findByTestId('desk-map')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('如 中关村大街 3 号口'), { target: { value: '中关村大街 3 号口' } });
    fireEvent.change(screen.getByPlaceholderText('如 附近地铁口早高峰车辆堆积，无停放区'), { target: { value: '地铁口车辆堆积' } });
    const [capacity, piles] = screen.getAllByRole('spinbutton');
    fireEvent.change(capacity, { target: { value: '30' } });
    fireEvent.change(piles, { target: { value: '4' } });
    await takePhoto();
    submit('提交申请');
    expect(await screen.findByText('站点申请已提交')).toBeTruthy();
    const body = f.last('/api/field/siteApply', 'POST')!.body as Record<string, number | string>;
    expect(body).toMatchObject({ name: '中关村大街 3 号口', capacity: 30, piles: 4, reason: '地铁口车辆堆积', photos: ['up-1.jpg'] });
    // the pin starts at the phone's position, drawn and sent in GCJ-02 (some 500 m from WGS-84 in Beijing)
    const pin = wgs84ToGcj02(HERE);
    expect(body.coord).toBe('gcj02');
    expect(Math.abs(Number(body.lon) - pin.lon)).toBeLessThan(1e-6);
    expect(Math.abs(Number(body.lat) - pin.lat)).toBeLessThan(1e-6);
    expect(Math.abs(Number(body.lon) - HERE.lon)).toBeGreaterThan(1e-3);
  });
});
