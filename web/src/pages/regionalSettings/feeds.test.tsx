// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEIJING_AREA_ADMIN, renderPage, SLOW, WAIT } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { logIn } from '../../test/session';
import { summarize } from './FeedImport';
import type { ExternalFeed } from './types';

const FILE_FEED: ExternalFeed = {
  id: 3,
  areaId: '110108',
  areaName: '海淀区',
  name: '芝加哥 Divvy',
  source: 'file',
  url: null,
  version: '2.3',
  ttl: 60,
  stationCount: 30,
  bikes: 123,
  docks: 285,
  fetchTime: '2026-11-29 17:24:42',
  dataUpdateTime: '2025-01-29 17:47:40',
  nextFetchTime: null,
  lastError: null,
  lastErrorTime: null,
  createTime: '2026-11-29 17:24:42',
};
const URL_FEED: ExternalFeed = {
  ...FILE_FEED,
  id: 4,
  name: '邻市公共自行车',
  source: 'url',
  url: 'https://gbfs.example.com/gbfs.json',
  version: '3.0',
  nextFetchTime: '2026-11-29 17:31:00',
  lastError: '获取 station_status 失败（https://gbfs.example.com/ss.json）：服务器返回 HTTP 500',
  lastErrorTime: '2026-11-29 17:30:00',
};

const INFO = JSON.stringify({ last_updated: 1738144059, ttl: 60, version: '2.3', data: { stations: [{ station_id: 'a', name: 'A', lat: 41.9, lon: -87.6 }] } });
const STATUS = JSON.stringify({ last_updated: 1738144060, ttl: 60, version: '2.3', data: { stations: [] } });
const REFUSED = 'station_status.data.stations[3].num_bikes_available 为负数（-1）';

let fetched: ReturnType<typeof stubFetch>;
let refuseNext = true;
beforeEach(() => {
  refuseNext = true;
  fetched = stubFetch((path, method) => {
    if (path === '/api/externalFeed/' && method === 'GET') return ok({ lists: [URL_FEED, FILE_FEED], total: 2 });
    if (path === '/api/externalFeed/files' && method === 'POST') {
      if (refuseNext) {
        refuseNext = false;
        return ok(null, 400, REFUSED);
      }
      return ok({ id: 5, stations: 1, version: '2.3' }, 200, '已导入 1 个站点（GBFS 2.3）');
    }
    if (path === '/api/externalFeed/4/refresh') return ok({ nextFetchTime: '2026-11-29 17:31:00' }, 200, '已安排刷新');
    return undefined;
  });
  logIn({ ...BEIJING_AREA_ADMIN, permissions: ['area.manage'] });
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const rowAction = (row: HTMLElement, label: string) =>
  [...row.querySelectorAll('.desk-row-actions button')].find((b) => b.textContent!.replace(/\s/g, '') === label);
/** A picked file: jsdom's File has no text() before 22; the Upload hands it to FilePick as it is. */
const jsonFile = (name: string, text: string) => Object.assign(new File([text], name, { type: 'application/json' }), { text: async () => text });

describe('#/regionalSettings/external (外部站点)', () => {
  it('lists each feed with its source, counts, fetch time and the last failure; 立即刷新 for address feeds only', WAIT, async () => {
    renderPage('/regionalSettings/external');
    await screen.findByText('芝加哥 Divvy', {}, WAIT);
    const file = rowOf('芝加哥 Divvy');
    for (const t of ['海淀区', '文件', 'GBFS 2.3', '30', '123', '285', '2026-11-29 17:24:42', '数据 2025-01-29 17:47:40', '正常'])
      expect(file.textContent).toContain(t);
    expect(rowAction(file, '立即刷新')).toBeUndefined();
    const url = rowOf('邻市公共自行车');
    expect(url.textContent).toContain('https://gbfs.example.com/gbfs.json');
    expect(within(url).getByTestId('feed-error').textContent).toContain('获取失败获取 station_status 失败');
    expect(url.textContent).toContain('2026-11-29 17:30:00 失败，显示 2026-11-29 17:24:42 获取的数据');
    fireEvent.click(rowAction(url, '立即刷新')!);
    await waitFor(() => expect(fetched.last('/api/externalFeed/4/refresh', 'POST')).toBeTruthy(), WAIT);
    await screen.findByText('已安排刷新，1 分钟内完成，届时列表显示结果', {}, WAIT);
  });

  it('imports from files: a refusal stays in the dialog naming the field, then the pair is sent and the list refreshes', SLOW, async () => {
    renderPage('/regionalSettings/external');
    await screen.findByText('芝加哥 Divvy', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导入外部站点/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(dialog.querySelector('[id="name"]')!, { target: { value: ' 芝加哥 ' } });
    const pick = (name: string, text: string) =>
      fireEvent.change(dialog.querySelector(`[data-testid="feed-${name}"] input[type="file"]`)!, { target: { files: [jsonFile(`${name}.json`, text)] } });
    pick('stationInformation', INFO);
    pick('stationStatus', STATUS);
    await within(dialog).findByText('stationInformation.json：GBFS 2.3 · 1 个站点', {}, WAIT);
    await within(dialog).findByText('stationStatus.json：GBFS 2.3 · 0 个站点', {}, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: /导\s*入/ }));
    expect((await within(dialog).findByTestId('feed-refusal', {}, WAIT)).textContent).toContain(REFUSED);
    expect(fetched.last('/api/externalFeed/files', 'POST')!.body).toEqual({
      name: '芝加哥',
      areaId: '110000',
      stationInformation: INFO,
      stationStatus: STATUS,
    });
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain(REFUSED); // said once, in the dialog
    const lists = fetched.calls.filter((c) => c.url.pathname === '/api/externalFeed/' && c.method === 'GET').length;
    fireEvent.click(within(dialog).getByRole('button', { name: /导\s*入/ }));
    await screen.findByText('外部站点已导入，大屏地图的“外部站点”图层显示这些站点', {}, WAIT);
    await waitFor(() => expect(fetched.calls.filter((c) => c.url.pathname === '/api/externalFeed/' && c.method === 'GET').length).toBeGreaterThan(lists), WAIT);
  });

  it('asks for both files before sending', SLOW, async () => {
    renderPage('/regionalSettings/external');
    await screen.findByText('芝加哥 Divvy', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导入外部站点/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(dialog.querySelector('[id="name"]')!, { target: { value: '芝加哥' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /导\s*入/ }));
    await within(dialog).findByText('请选择 station_information 文件', {}, WAIT);
    expect(within(dialog).getByText('请选择 station_status 文件')).toBeTruthy();
    expect(fetched.last('/api/externalFeed/files', 'POST')).toBeUndefined();
  });

  it('offers no import, refresh or delete without 区域管理 (115)', WAIT, async () => {
    logIn({ ...BEIJING_AREA_ADMIN, permissions: ['forbid.manage'] });
    renderPage('/regionalSettings/external');
    await screen.findByText('芝加哥 Divvy', {}, WAIT);
    expect(screen.queryByRole('button', { name: /导入外部站点/ })).toBeNull();
    expect(rowAction(rowOf('邻市公共自行车'), '立即刷新')).toBeUndefined();
    expect(rowAction(rowOf('邻市公共自行车'), '删除')).toBeUndefined();
  });

  it('sums up a picked file before sending', () => {
    expect(summarize(INFO)).toEqual({ ok: true, summary: 'GBFS 2.3 · 1 个站点' });
    expect(summarize('{"version": 3}')).toEqual({ ok: true, summary: 'GBFS （无版本） · 没有 data.stations' });
    expect(summarize('<html>')).toEqual({ ok: false, summary: '不是有效的 JSON 文件' });
  });
});
