/**
 * Reading other systems' GBFS (issue 32 point 4, domain/gbfsImport.ts): a real GBFS 2.3 pair (Divvy,
 * test/fixtures/gbfs) and a 3.0 pair are read into one station list (positions to GCJ-02, flags
 * published as 0/1 taken as booleans); discovery files of both versions name their station files;
 * every refusal names its field by its JSON path.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_STATIONS, parseJsonText, readDiscovery, readStations, refreshSeconds, retrySeconds } from '../../src/domain/gbfsImport.js';
import { convert } from '../../src/domain/coords.js';

const fixture = (name: string) => JSON.parse(fs.readFileSync(new URL(`../fixtures/gbfs/${name}`, import.meta.url), 'utf8'));
const divvy = () => ({ info: fixture('divvy-station_information.json'), status: fixture('divvy-station_status.json') });

/** A GBFS 3.0 pair in 北京 (WGS-84): localized names, num_vehicles_available, RFC 3339 times. */
function pair30() {
  const at = '2025-03-01T08:00:00+08:00';
  return {
    info: {
      last_updated: at,
      ttl: 30,
      version: '3.0',
      data: {
        stations: [
          {
            station_id: 'bj-1',
            name: [
              { text: 'Xizhimen', language: 'en' },
              { text: '西直门', language: 'zh' },
            ],
            lat: 39.9405,
            lon: 116.3536,
            capacity: 20,
          },
          { station_id: 'bj-2', name: [{ text: 'Dongzhimen', language: 'en' }], lat: 39.9413, lon: 116.4339 },
          { station_id: 'bj-3', name: [{ text: '雍和宫', language: 'zh-Hans' }], lat: 39.9491, lon: 116.4173 },
        ],
      },
    },
    status: {
      last_updated: at,
      ttl: 30,
      version: '3.0',
      data: {
        stations: [
          {
            station_id: 'bj-1',
            num_vehicles_available: 7,
            num_docks_available: 13,
            vehicle_types_available: [{ vehicle_type_id: 'bike', count: 7 }],
            is_installed: true,
            is_renting: true,
            is_returning: false,
            last_reported: '2025-03-01T07:59:30+08:00',
          },
          { station_id: 'bj-2', num_vehicles_available: 0, is_installed: true, is_renting: false, is_returning: true, last_reported: '2025-03-01T00:00:00Z' },
        ],
      },
    },
  };
}

/** The refusal of a pair changed by `edit`. */
function refusal(make: () => { info: any; status: any }, edit: (p: { info: any; status: any }) => void): string {
  const p = make();
  edit(p);
  const r = readStations(p.info, p.status);
  expect(r.ok, 'refused').toBe(false);
  return r.ok ? '' : r.message;
}

describe('a GBFS 2.3 pair (Divvy, real)', () => {
  it('reads every station with its counts, flags published as 0/1', () => {
    const { info, status } = divvy();
    const r = readStations(info, status);
    if (!r.ok) throw new Error(r.message);
    expect(r.value).toMatchObject({ version: '2.3', ttl: 60, lastUpdated: '2025-01-29T09:47:40.000Z' });
    expect(r.value.stations).toHaveLength(30);
    expect(r.value.stations[0]).toEqual({
      id: '1955905507044284968',
      name: 'Nordica Ave & Medill Ave',
      lon: -87.80202,
      lat: 41.92227,
      capacity: 15,
      bikes: 3,
      docks: 12,
      installed: true,
      renting: true,
      returning: true,
      reportedAt: '2025-01-29T09:45:09.000Z',
    });
    // outside China GCJ-02 is WGS-84: positions as published
    expect(r.value.stations.find((s) => s.name === 'McClurg Ct & Erie St')).toMatchObject({ lat: 41.894503, lon: -87.617854, bikes: 4, docks: 24 });
  });

  it('keeps a station_information station missing from station_status, with unknown counts', () => {
    const { info, status } = divvy();
    status.data.stations.splice(5, 1);
    const r = readStations(info, status);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.stations[5]).toMatchObject({ name: 'Loomis Blvd & 84th St', bikes: null, docks: null, renting: null, reportedAt: null });
  });

  it('refuses, naming the field: negative, wrong type, missing, unmatched, out of range, duplicate, ms timestamps', () => {
    expect(refusal(divvy, (p) => (p.status.data.stations[3].num_bikes_available = -2))).toBe(
      'station_status.data.stations[3].num_bikes_available 为负数（-2）',
    );
    expect(refusal(divvy, (p) => (p.status.data.stations[4].num_docks_available = -1))).toBe(
      'station_status.data.stations[4].num_docks_available 为负数（-1）',
    );
    expect(refusal(divvy, (p) => (p.status.data.stations[2].vehicle_types_available[1].count = -1))).toBe(
      'station_status.data.stations[2].vehicle_types_available[1].count 为负数（-1）',
    );
    expect(refusal(divvy, (p) => (p.status.data.stations[1].num_bikes_available = '3'))).toBe(
      'station_status.data.stations[1].num_bikes_available 应为整数（实际为 3）',
    );
    expect(refusal(divvy, (p) => (p.status.data.stations[0].num_bikes_available = 2.5))).toBe(
      'station_status.data.stations[0].num_bikes_available 应为整数（实际为 2.5）',
    );
    expect(refusal(divvy, (p) => (p.status.data.stations[6].is_renting = 'yes'))).toBe('station_status.data.stations[6].is_renting 应为布尔值（实际为 yes）');
    expect(refusal(divvy, (p) => delete p.status.data.stations[7].last_reported)).toBe('station_status.data.stations[7].last_reported 缺失');
    expect(refusal(divvy, (p) => delete p.info.data.stations[8].name)).toBe('station_information.data.stations[8].name 缺失');
    expect(refusal(divvy, (p) => (p.info.data.stations[9].lat = 95.2))).toBe(
      'station_information.data.stations[9].lat 超出范围（95.2），纬度应在 -90 到 90 之间',
    );
    expect(refusal(divvy, (p) => (p.info.data.stations[9].lon = -187))).toBe(
      'station_information.data.stations[9].lon 超出范围（-187），经度应在 -180 到 180 之间',
    );
    expect(refusal(divvy, (p) => (p.info.data.stations[10].lon = '-87.7'))).toBe('station_information.data.stations[10].lon 应为数字（实际为 -87.7）');
    expect(refusal(divvy, (p) => (p.info.data.stations[11].capacity = -4))).toBe('station_information.data.stations[11].capacity 为负数（-4）');
    expect(refusal(divvy, (p) => (p.info.data.stations[12].station_id = p.info.data.stations[0].station_id))).toBe(
      'station_information.data.stations[12].station_id（1955905507044284968）重复',
    );
    expect(refusal(divvy, (p) => (p.status.data.stations[3].station_id = 'no-such-station'))).toBe(
      'station_status.data.stations[3].station_id（no-such-station）在 station_information 中没有对应的站点',
    );
    expect(refusal(divvy, (p) => (p.status.last_updated = 1738144060000))).toBe('station_status.last_updated（1738144060000）像是毫秒，GBFS 2.x 的时间应为秒');
    expect(refusal(divvy, (p) => (p.info.ttl = -1))).toBe('station_information.ttl 应为非负整数（实际为 -1）');
    expect(refusal(divvy, (p) => delete p.info.data)).toBe('station_information.data 缺失');
    expect(refusal(divvy, (p) => (p.status.data.stations = {}))).toBe('station_status.data.stations 应为数组');
    expect(refusal(divvy, (p) => (p.status.version = '2.2'))).toBe('station_status.version（2.2）与 station_information.version（2.3）不一致');
    expect(refusal(divvy, (p) => (p.info.version = '1.1'))).toBe('station_information.version（1.1）不受支持：只能导入 GBFS 2.x 或 3.0 的数据');
    expect(refusal(divvy, (p) => (p.info = [p.info]))).toBe('station_information 应为 JSON 对象');
  });

  it('says which count a 2.x feed needs when it carries the 3.0 one', () => {
    const m = refusal(divvy, (p) => {
      const s = p.status.data.stations[0];
      s.num_vehicles_available = s.num_bikes_available;
      delete s.num_bikes_available;
    });
    expect(m).toBe('station_status.data.stations[0].num_bikes_available 缺失：GBFS 2.3 用 num_bikes_available（3.0 才用 num_vehicles_available）');
  });

  it('refuses more stations than a feed may hold', () => {
    const m = refusal(divvy, (p) => (p.info.data.stations = Array.from({ length: MAX_STATIONS + 1 }, () => p.info.data.stations[0])));
    expect(m).toBe(`station_information.data.stations 有 ${MAX_STATIONS + 1} 个站点，超过上限 ${MAX_STATIONS}`);
  });
});

describe('a GBFS 3.0 pair', () => {
  it('reads localized names (Chinese first), RFC 3339 times, WGS-84 to GCJ-02', () => {
    const { info, status } = pair30();
    const r = readStations(info, status);
    if (!r.ok) throw new Error(r.message);
    expect(r.value).toMatchObject({ version: '3.0', ttl: 30, lastUpdated: '2025-03-01T00:00:00.000Z' });
    const [a, b, c] = r.value.stations;
    const gcj = convert(116.3536, 39.9405, 'wgs84', 'gcj02');
    expect(a).toMatchObject({
      id: 'bj-1',
      name: '西直门',
      capacity: 20,
      bikes: 7,
      docks: 13,
      renting: true,
      returning: false,
      reportedAt: '2025-02-28T23:59:30.000Z',
    });
    expect(a.lon).toBeCloseTo(gcj.lon, 6);
    expect(a.lat).toBeCloseTo(gcj.lat, 6);
    // GCJ-02 lies a few hundred metres off WGS-84 in Beijing
    expect(Math.abs(a.lon - 116.3536)).toBeGreaterThan(0.004);
    expect(b).toMatchObject({ name: 'Dongzhimen', capacity: null, bikes: 0, docks: null, renting: false });
    expect(c).toMatchObject({ name: '雍和宫', bikes: null });
  });

  it('refuses 2.x shapes and bad values in a 3.0 file, naming the field', () => {
    expect(refusal(pair30, (p) => (p.info.data.stations[0].name = '西直门'))).toBe(
      'station_information.data.stations[0].name 应为 [{text, language}] 数组（GBFS 3.0），实际为 西直门',
    );
    expect(refusal(pair30, (p) => delete p.info.data.stations[1].name[0].language)).toBe('station_information.data.stations[1].name[0].language 缺失');
    expect(refusal(pair30, (p) => (p.status.data.stations[0].num_vehicles_available = -7))).toBe(
      'station_status.data.stations[0].num_vehicles_available 为负数（-7）',
    );
    expect(
      refusal(pair30, (p) => {
        p.status.data.stations[1].num_bikes_available = 0;
        delete p.status.data.stations[1].num_vehicles_available;
      }),
    ).toBe('station_status.data.stations[1].num_vehicles_available 缺失：GBFS 3.0 用 num_vehicles_available（2.x 才用 num_bikes_available）');
    expect(refusal(pair30, (p) => (p.status.last_updated = 1740787200))).toMatch(/^station_status\.last_updated 应为 RFC 3339 时间/);
    expect(refusal(pair30, (p) => (p.status.data.stations[0].last_reported = '2025-03-01 08:00:00'))).toMatch(
      /^station_status\.data\.stations\[0\]\.last_reported 应为 RFC 3339 时间/,
    );
  });
});

describe('discovery files', () => {
  it('2.x: feeds per language, Chinese or English taken first, relative URLs resolved', () => {
    const doc = {
      last_updated: 1738144058,
      ttl: 60,
      version: '2.3',
      data: {
        fr: { feeds: [{ name: 'station_information', url: 'https://x.example/fr/si.json' }] },
        en: {
          feeds: [
            { name: 'system_information', url: 'https://x.example/en/system_information.json' },
            { name: 'station_information', url: 'en/station_information.json' },
            { name: 'station_status', url: 'https://x.example/en/station_status.json' },
          ],
        },
      },
    };
    const r = readDiscovery(doc, 'https://x.example/gbfs/gbfs.json');
    expect(r).toEqual({
      ok: true,
      value: {
        version: '2.3',
        ttl: 60,
        language: 'en',
        stationInformation: 'https://x.example/gbfs/en/station_information.json',
        stationStatus: 'https://x.example/en/station_status.json',
      },
    });
  });

  it('3.0: data.feeds', () => {
    const doc = {
      last_updated: '2025-03-01T08:00:00+08:00',
      ttl: 0,
      version: '3.0',
      data: {
        feeds: [
          { name: 'station_status', url: 'https://y.example/ss.json' },
          { name: 'station_information', url: 'https://y.example/si.json' },
        ],
      },
    };
    expect(readDiscovery(doc, 'https://y.example/gbfs.json')).toMatchObject({
      ok: true,
      value: { version: '3.0', language: null, stationStatus: 'https://y.example/ss.json' },
    });
  });

  it('refuses what it cannot follow, naming the field', () => {
    const base = 'https://z.example/gbfs.json';
    const feeds = [{ name: 'free_bike_status', url: 'https://z.example/fbs.json' }];
    expect(readDiscovery({ last_updated: 1, ttl: 0, version: '2.3', data: { en: { feeds } } }, base)).toEqual({
      ok: false,
      message: 'gbfs.data.en.feeds 没有 station_information：该系统没有站点数据（无桩系统只发布车辆位置），无法导入',
    });
    const ftp = [{ name: 'station_information', url: 'ftp://z.example/si.json' }];
    expect(readDiscovery({ last_updated: 'x', ttl: 0, version: '3.0', data: { feeds: ftp } }, base)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^gbfs\.last_updated 应为 RFC 3339 时间/),
    });
    expect(readDiscovery({ last_updated: '2025-03-01T00:00:00Z', ttl: 0, version: '3.0', data: { feeds: ftp } }, base)).toEqual({
      ok: false,
      message: 'gbfs.data.feeds[0].url（ftp://z.example/si.json）不是 http(s) 地址',
    });
    expect(readDiscovery({ ttl: 0, data: {} }, base)).toMatchObject({ ok: false, message: expect.stringMatching(/^gbfs\.version 缺失/) });
  });
});

describe('helpers', () => {
  it('parses file text (a BOM allowed), refusing what is not JSON by its file', () => {
    expect(parseJsonText('\ufeff{"a":1}', 'station_status')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonText('{"a":', 'station_status')).toMatchObject({ ok: false, message: expect.stringMatching(/^station_status 不是有效的 JSON（/) });
  });

  it('refreshes by the ttl, at least a minute; retries later after each failure, at most an hour', () => {
    expect([0, 30, 60, 300, 172800].map(refreshSeconds)).toEqual([60, 60, 60, 300, 86400]);
    expect([1, 2, 3, 7, 20].map((n) => retrySeconds(60, n))).toEqual([60, 120, 240, 3600, 3600]);
    expect(retrySeconds(86400, 3)).toBe(86400);
  });
});
