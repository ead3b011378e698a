// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import MiBicycle from '../index';
import type { Install, LinePile, SilentPile } from './types';

const WAIT = { timeout: 60_000 };

const INSTALLS: Install[] = [
  {
    id: 3,
    userId: 7,
    installerName: '安装员甲',
    areaId: '110108',
    areaName: '海淀区',
    equipmentMac: 'AA:00:00:00:00:03',
    siteId: '1101080000002',
    siteName: '桩站二',
    lon: 116.31,
    lat: 39.98,
    installTime: '2026-11-20 15:00:00',
    photos: ['/uploads/inst1.jpg'],
  },
];
const pile = (mac: string, over: Partial<SilentPile>): SilentPile => ({
  equipmentMac: mac,
  siteId: '1101080000001',
  siteName: '桩站一',
  areaId: '110108',
  areaName: '海淀区',
  power: 50,
  lowPower: false,
  lastSeenTime: '2026-11-28 09:55:00',
  createTime: '2026-08-01 00:00:00',
  silentMinutes: null,
  silentText: '',
  ...over,
});
const LINE: LinePile[] = [pile('AA:00:00:00:00:01', { power: 8, lowPower: true })];
const SILENT: SilentPile[] = [
  pile('AA:00:00:00:00:05', { lastSeenTime: null, power: null, silentText: '从未上报' }),
  pile('AA:00:00:00:00:04', { lastSeenTime: '2026-11-25 07:50:00', silentMinutes: 4445, silentText: '3天2小时' }),
];
const XLSX = new Response('xlsx', {
  status: 200,
  headers: {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': "attachment; filename*=UTF-8''x.xlsx",
  },
});

const renderMi = (entry: string) => renderRoute(<MiBicycle />, '/miBicycle/:id?', [], entry).router;

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path) => {
    if (path === '/api/miApp/getInstallList') return ok({ lists: INSTALLS, total: 1 });
    if (path === '/api/miApp/getLineList') return ok({ lists: LINE, total: 1 });
    if (path === '/api/miApp/getNoLineList') return ok({ lists: SILENT, total: 2 });
    if (path.startsWith('/api/miApp/export')) return XLSX.clone();
    return undefined;
  });
  logIn({ permissions: ['miBicycle'] });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
/** The toolbar's 导出 (not 导出巡检清单). */
const exportButton = () => screen.getAllByRole('button').find((b) => /^导\s*出$/.test(b.textContent?.trim() ?? ''))!;

describe('#/miBicycle/install', () => {
  it('lists installs with installer, time, site, position, MAC and photo; exports with the URL’s filters', WAIT, async () => {
    renderMi('/miBicycle/install?siteId=1101080000002');
    await screen.findByText('安装员甲', {}, WAIT);
    expect(fetched.last('/api/miApp/getInstallList')!.url.searchParams.get('siteId')).toBe('1101080000002');
    const row = screen.getByText('安装员甲').closest('tr')!;
    for (const text of ['2026-11-20 15:00:00', 'AA:00:00:00:00:03', '桩站二', '116.310000, 39.980000']) expect(row.textContent).toContain(text);
    await waitFor(
      () =>
        expect(
          within(row)
            .getByAltText(/安装照片/)
            .getAttribute('src'),
        ).toBe('blob:photo'),
      WAIT,
    );
    fireEvent.click(exportButton());
    await waitFor(() => expect(fetched.last('/api/miApp/exportInstallList', 'POST')?.body).toEqual({ siteId: '1101080000002' }), WAIT);
  });
});

describe('#/miBicycle/line and noLine', () => {
  it('在线设备: the piles heard within the hour, low power in red; exported', WAIT, async () => {
    renderMi('/miBicycle/line');
    await screen.findByText('AA:00:00:00:00:01', {}, WAIT);
    expect(screen.getByText('8%').getAttribute('style')).toContain('color');
    fireEvent.click(exportButton());
    await waitFor(() => expect(fetched.last('/api/miApp/exportLineList', 'POST')).toBeDefined(), WAIT);
  });

  it('离线设备: the last report (or 从未上报) and how long silent; filters from the URL; exported', WAIT, async () => {
    renderMi('/miBicycle/noLine?equipmentMac=AA:00');
    await screen.findByText('AA:00:00:00:00:04', {}, WAIT);
    expect(fetched.last('/api/miApp/getNoLineList')!.url.searchParams.get('equipmentMac')).toBe('AA:00');
    const old = screen.getByText('AA:00:00:00:00:04').closest('tr')!;
    expect(old.textContent).toContain('2026-11-25 07:50:00');
    expect(within(old).getByText('3天2小时').className).toContain('ant-tag-red');
    const never = screen.getByText('AA:00:00:00:00:05').closest('tr')!;
    expect(within(never).getAllByText('从未上报')).toHaveLength(2);
    fireEvent.click(exportButton());
    await waitFor(() => expect(fetched.last('/api/miApp/exportNoLineList', 'POST')?.body).toEqual({ equipmentMac: 'AA:00' }), WAIT);
  });

  it('hides the pile tabs from an enterprise account', WAIT, async () => {
    logIn({ permissions: ['miBicycle'], user: { brandId: 2, userLevel: 1 } });
    renderMi('/miBicycle/inspection');
    await screen.findByRole('tab', { name: '巡检记录' }, WAIT);
    expect(screen.queryByRole('tab', { name: '离线设备' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '安装记录' })).toBeNull();
  });
});
