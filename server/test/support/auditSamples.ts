/**
 * The audit walk's samples (server/test/api/auditWalk.test.ts) of the field work, 米单车管理 and
 * 评级考核 writes (issues 28-30) and of 区域设置 · 外部站点 (issue 32): known-good requests, run in this
 * order after the console's own.
 */
import fs from 'node:fs';
import type { Database } from '../../src/db/client.js';
import type { Client, TestContext } from './app.js';
import { PNG, upload } from './uploads.js';
import { serveDivvy } from './gbfsServer.js';

const HD = '110108';

export interface Req {
  as?: Client;
  url?: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A request Client cannot make (multipart): sends it and answers the envelope. */
  send?: () => Promise<{ body: { code: number; message: string; data: any } }>;
  /** The request creates its object: nothing existed before it (before stays null). */
  creates?: true;
}
export interface World {
  admin: Client;
  hd: Client;
  pwdUser: Client;
  database: Database;
  app: TestContext['app'];
  s: Record<string, any>;
}
export type Sample = [string, (w: World) => Req | Promise<Req>];

/** The Divvy GBFS 2.3 pair of test/fixtures/gbfs, as files. */
const divvy = (name: string) => fs.readFileSync(new URL(`../fixtures/gbfs/divvy-${name}.json`, import.meta.url), 'utf8');

export const FIELD_SAMPLES: Sample[] = [
  // 区域设置 · 外部站点 (issue 32): imports from files and from a URL (a local GBFS server; the walk's app reads private addresses)
  [
    'POST /api/externalFeed/files',
    (w) => ({ as: w.hd, body: { name: '走查外部站点', areaId: HD, stationInformation: divvy('station_information'), stationStatus: divvy('station_status') } }),
  ],
  ['POST /api/externalFeed/url', async (w) => ({ as: w.hd, body: { name: '走查外部站点（地址）', url: await serveDivvy() } })],
  ['POST /api/externalFeed/:id/refresh', (w) => ({ as: w.hd, url: `/api/externalFeed/${w.s.urlFeedId}/refresh` })],
  ['DELETE /api/externalFeed/:id', (w) => ({ as: w.hd, url: `/api/externalFeed/${w.s.fileFeedId}` })],
  // 日常值守 · 打卡 and the field app (issue 28)
  ['POST /api/clock/saveClockSiteInfo', (w) => ({ as: w.hd, body: { name: '走查打卡点', areaId: HD, lon: 116.31, lat: 39.98, radius: 100 }, creates: true })],
  [
    'POST /api/clock/saveClockSiteInfo#edit',
    (w) => ({ as: w.hd, body: { id: w.s.clockSiteId, name: '走查打卡点2', areaId: HD, lon: 116.31, lat: 39.98, radius: 120 } }),
  ],
  ['POST /api/clockRecord/saveClockConfigInfo', (w) => ({ as: w.hd, body: { ...WALK_CONFIG, name: '走查配置' }, creates: true })],
  ['POST /api/clockRecord/saveClockConfigInfo#edit', (w) => ({ as: w.hd, body: { ...WALK_CONFIG, id: w.s.clockConfigId, name: '走查配置2' } })],
  ['POST /api/field/clock', async (w) => ({ as: w.hd, body: { ...(await fieldRecord(w, 'clock')), clockSiteId: w.s.clockSiteId, lon: 116.31, lat: 39.98 } })],
  [
    'POST /api/field/patrol',
    async (w) => ({ as: w.hd, body: { ...(await fieldRecord(w, 'patrol')), bikeId: 'WALK0001', result: 2, lon: 116.31, lat: 39.98 } }),
  ],
  ['POST /api/field/install', async (w) => ({ as: w.hd, body: { ...(await fieldRecord(w, 'install')), mac: 'A1B2C3D4E5F6', siteId: w.s.siteId } })],
  [
    'POST /api/field/siteApply',
    async (w) => ({ as: w.hd, body: { ...(await fieldRecord(w, 'siteApply')), name: '走查申请站', capacity: 20, reason: '走查', lon: 116.31, lat: 39.98 } }),
  ],
  [
    'POST /api/field/siteApply#second',
    async (w) => ({ as: w.hd, body: { ...(await fieldRecord(w, 'siteApply')), name: '走查申请站二', capacity: 20, reason: '走查', lon: 116.32, lat: 39.98 } }),
  ],
  ['POST /api/miApp/siteApply/approve', (w) => ({ as: w.hd, body: { id: w.s.siteApplies[0], siteName: '走查申请站（通过）' } })],
  ['POST /api/miApp/siteApply/reject', (w) => ({ as: w.hd, body: { id: w.s.siteApplies[1], reason: '走查驳回' } })],
  ['POST /api/field/report', async (w) => ({ as: w.hd, body: { ...(await fieldRecord(w, 'report')), text: '走查举报', lon: 116.31, lat: 39.98 } })],
  ['POST /api/miApp/report/handle', (w) => ({ as: w.hd, body: { id: w.s.reportId, state: 1, note: '走查处理' } })],
  [
    'POST /api/miApp/brandBikeNotUploadRule',
    async (w) => ({
      as: w.hd,
      body: {
        brandId: await walkBrand(w),
        namePrefix: 'WALKBLE_',
        nameLength: 16,
        bikeIdPrefix: 'WK',
        bikeIdLength: 10,
        bikeIdExtractStart: 8,
        bikeIdExtractLength: 8,
      },
    }),
  ],
  [
    'PUT /api/miApp/brandBikeNotUploadRule/:id',
    async (w) => ({
      as: w.hd,
      url: `/api/miApp/brandBikeNotUploadRule/${w.s.rule1}`,
      body: {
        ...{
          brandId: await walkBrand(w),
          namePrefix: 'WALKBLE_',
          nameLength: 16,
          bikeIdPrefix: 'WK',
          bikeIdLength: 10,
          bikeIdExtractStart: 8,
          bikeIdExtractLength: 8,
        },
        bikeIdPrefix: 'WX',
      },
    }),
  ],
  ['PUT /api/miApp/bikeNotUploadMatch', (w) => ({ as: w.hd, creates: true })],
  [
    'DELETE /api/miApp/bikeNotUpload',
    async (w) => {
      await w.database.query(
        `insert into not_uploaded_bikes (kind, brand_id, bike_id, mac, site_id, area_id, first_heard_at, last_heard_at) values (1, $1, 'WK000001', 'A1:B2:C3:00:00:01', 'WALK', $2, now(), now())`,
        [await walkBrand(w), HD],
      );
      return { as: w.hd };
    },
  ],
  ['DELETE /api/miApp/brandBikeNotUploadRule/:id', (w) => ({ as: w.hd, url: `/api/miApp/brandBikeNotUploadRule/${w.s.rule1}` })],
  [
    'POST /api/miApp/brandBikeNotUploadMacRule',
    async (w) => ({
      as: w.hd,
      body: {
        brandId: await walkBrand(w),
        namePrefix: 'A1B2C3',
        nameLength: 12,
        bikeIdPrefix: 'WK',
        bikeIdLength: 8,
        bikeIdExtractStart: 6,
        bikeIdExtractLength: 6,
      },
    }),
  ],
  [
    'PUT /api/miApp/brandBikeNotUploadMacRule/:id',
    async (w) => ({
      as: w.hd,
      url: `/api/miApp/brandBikeNotUploadMacRule/${w.s.rule2}`,
      body: {
        ...{
          brandId: await walkBrand(w),
          namePrefix: 'A1B2C3',
          nameLength: 12,
          bikeIdPrefix: 'WK',
          bikeIdLength: 8,
          bikeIdExtractStart: 6,
          bikeIdExtractLength: 6,
        },
        bikeIdPrefix: 'WX',
      },
    }),
  ],
  ['PUT /api/miApp/bikeNotUploadMacMatch', (w) => ({ as: w.hd, creates: true })],
  [
    'DELETE /api/miApp/bikeNotUploadMac',
    async (w) => {
      await w.database.query(
        `insert into not_uploaded_bikes (kind, brand_id, bike_id, mac, site_id, area_id, first_heard_at, last_heard_at) values (2, $1, 'WK000001', 'A1:B2:C3:00:00:01', 'WALK', $2, now(), now())`,
        [await walkBrand(w), HD],
      );
      return { as: w.hd };
    },
  ],
  ['DELETE /api/miApp/brandBikeNotUploadMacRule/:id', (w) => ({ as: w.hd, url: `/api/miApp/brandBikeNotUploadMacRule/${w.s.rule2}` })],
  [
    'POST /api/clockRecord/handleClockWarn',
    async (w) => {
      const [u] = await w.database.query<{ id: number }>(`select id from users where username = 'walk_hd'`);
      const [warn] = await w.database.query<{ id: number }>(
        `insert into clock_warnings (user_id, area_id, role_id, day, window_start, window_end, kind) values ($1, $2, 31, current_date, '07:00', '09:00', 1) returning id::int`,
        [u.id, HD],
      );
      return { as: w.hd, body: { ids: [warn.id], note: '走查处理' } };
    },
  ],
  ['POST /api/clockRecord/delClockConfigById', (w) => ({ as: w.hd, body: { id: w.s.clockConfigId } })],
  ['POST /api/clock/delClockSiteById', (w) => ({ as: w.hd, body: { id: w.s.clockSiteId } })],
  // 评级考核 · 考核设置 (issue 30)
  ['POST /api/examine/fixedRule/conf', (w) => ({ as: w.hd, body: { ...WALK_CONF }, creates: true })],
  ['POST /api/examine/fixedRule/conf#edit', (w) => ({ as: w.hd, body: { ...WALK_CONF, gradeA: 91 } })],
  ['POST /api/examine/category/upsert', (w) => ({ as: w.hd, body: { name: '走查类别', fullScore: 20 }, creates: true })],
  ['POST /api/examine/category/upsert#edit', (w) => ({ as: w.hd, body: { id: w.s.categoryId, name: '走查类别', fullScore: 25 } })],
  ['POST /api/examine/fixedRule/upsert', (w) => ({ as: w.hd, body: { ...walkFixed(w) }, creates: true })],
  ['POST /api/examine/fixedRule/upsert#edit', (w) => ({ as: w.hd, body: { ...walkFixed(w), id: w.s.fixedRuleId, points: 3 } })],
  ['POST /api/examine/trendsRule/upsert', (w) => ({ as: w.hd, body: { ...walkTrend(w) }, creates: true })],
  ['POST /api/examine/trendsRule/upsert#edit', (w) => ({ as: w.hd, body: { ...walkTrend(w), id: w.s.trendRuleId, name: '走查趋势2' } })],
  ['POST /api/examine/trendsRule/enable', (w) => ({ as: w.hd, body: { id: w.s.trendRuleId, enabled: false } })],
  ['POST /api/examine/trendsRule/assess', (w) => ({ as: w.hd, body: { period: LAST_MONTH } })],
  [
    'POST /api/examine/sortContent/upsert',
    async (w) => ({
      as: w.hd,
      body: { period: LAST_MONTH, brandId: await walkBrand(w), ruleId: w.s.fixedRuleId, findings: 1, note: '走查发现' },
      creates: true,
    }),
  ],
  [
    'POST /api/examine/sortContent/upsert#edit',
    async (w) => ({
      as: w.hd,
      body: { id: w.s.scoreId, period: LAST_MONTH, brandId: await walkBrand(w), ruleId: w.s.fixedRuleId, findings: 2, note: '走查复核' },
    }),
  ],
  ['DELETE /api/examine/sortContent/del/:id', (w) => ({ as: w.hd, url: `/api/examine/sortContent/del/${w.s.scoreId}` })],
  ['POST /api/examine/period/close', (w) => ({ as: w.hd, body: { period: LAST_MONTH }, creates: true })],
  ['POST /api/examine/period/reopen', (w) => ({ as: w.hd, body: { period: LAST_MONTH, reason: '走查重新开放' } })],
  [
    'DELETE /api/examine/category/del/:id',
    async (w) => {
      const r = await w.hd.post('/api/examine/category/upsert', { name: '走查空类别', fullScore: 1 });
      return { as: w.hd, url: `/api/examine/category/del/${r.body.data.id}` };
    },
  ],
];

/** The month before this one (begun, so it may be assessed and scored). */
const LAST_MONTH = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7);
const WALK_CONF = { baseScore: 100, gradeA: 90, gradeB: 80, gradeC: 60, quotaA: 10, quotaB: 0, quotaC: -10, quotaD: -20 };
const walkFixed = (w: World) => ({ categoryId: w.s.categoryId, name: '走查固定项', points: 2, maxPoints: null, description: null, enabled: true });
const walkTrend = (w: World) => ({
  categoryId: w.s.categoryId,
  measure: 'overQuota',
  name: '走查趋势',
  bands: [{ min: 0, max: null, points: 5 }],
  enabled: true,
});
/** The walk's enterprise of 海淀 (added in beforeAll; the one createEnterprise makes is deleted at the end). */
async function walkBrand(w: World) {
  const [b] = await w.database.query<{ id: number }>(`select id from brands where brand_account = 'walk_a'`);
  return b.id;
}

const WALK_CONFIG = {
  areaId: HD,
  roleId: 31,
  days: [1, 2, 3, 4, 5],
  windows: [{ start: '07:00', end: '09:00' }],
  clocksPerWindow: 1,
  radius: null,
  lateMinutes: 30,
  enabled: true,
};

let fieldN = 0;
/** A field record's id and photo (uploaded first, as the field app does; the upload is its own audited write). */
async function fieldRecord(w: World, purpose: string) {
  const r = await upload(w.app, w.hd.token, purpose, 'walk.png', PNG);
  return { clientId: `walk-${purpose}-${fieldN++}`, photos: [r.body.data.file as string] };
}
