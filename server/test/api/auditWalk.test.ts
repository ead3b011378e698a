/**
 * The audit walk (issue 11): every console write route, as registered (app.audited, filled by the
 * onRoute hook of http/audit.ts, so a route added later is in it), is called once with a known-good
 * sample and must leave exactly one new audit row naming it, with no secret in it.
 *
 * A write route without a sample FAILS this test: its author adds one to SAMPLES below (a request
 * that succeeds on this world, in the order the samples run), or marks the route `config: { audit:
 * false }` when it only reads.
 *
 * Each row's `before` (the object as it was): every route must declare what it is about in its
 * options (`config: { audit: … }`, http/auditObjects.ts), and a route declared with rows records a
 * non-null `before` for its sample, unless the sample says it `creates` (a create-or-edit route
 * called without an id, an upsert of a new row).
 * A key may end with `#label` to call a route a second time (the edit form of a create-or-edit route).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSecretName, REDACTED } from '../../src/domain/redact.js';
import { CREATES } from '../../src/http/auditObjects.js';
import { adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { addBrand } from '../support/world.js';
import { PNG, upload } from '../support/uploads.js';
import { sheetBytes } from '../support/filingSheets.js';
import { FIELD_SAMPLES, type Req, type World } from '../support/auditSamples.js';

const HD = '110108';
/** Every password, key and token the samples send or get back: none may reach the audit log. */
const secrets = new Set(['Walk_Secret_1', 'N3w_Walk_Pass', 'Passw0rd1', 'Qingju_Walk_9']);

const square = (lon: number, lat: number, d = 0.002) => [
  { lon, lat },
  { lon: lon + d, lat },
  { lon: lon + d, lat: lat + d },
  { lon, lat: lat + d },
];

/** Known-good samples, keyed `METHOD route`, run in this order; `s` carries ids from one to the next. */
const SAMPLES: [string, (w: World) => Req | Promise<Req>][] = [
  ['POST /api/pwd', (w) => ({ as: w.pwdUser, body: { oldPwd: 'Passw0rd1', newPwd: 'N3w_Walk_Pass' } })],
  ['POST /api/user/add', () => ({ body: { username: 'walk_u1', password: 'Walk_Secret_1', name: '走查用户', areaId: HD, roleIds: [2] } })],
  ['PUT /api/user/edit', (w) => ({ body: { id: w.s.userId, name: '走查用户2' } })],
  ['PUT /api/user/reset', (w) => ({ body: { id: w.s.userId } })],
  ['POST /api/user/ban', (w) => ({ body: { id: w.s.userId, status: 1 } })],
  [
    'POST /api/user/audit',
    async (w) => {
      const [u] = await w.database.query<{ id: number }>(
        `insert into users (username, password_hash, name, area_id, audit_status, apply_type) values ('walk_applicant', 'x', '申请人', $1, 0, 1) returning id`,
        [HD],
      );
      return { body: { id: u.id, auditStatus: 2, remark: '资料不全' } };
    },
  ],
  ['POST /api/role/add', () => ({ body: { roleName: '走查角色', permissionIds: [1] }, query: { selfAreaId: HD } })],
  ['POST /api/role/edit', (w) => ({ body: { id: w.s.roleId, roleName: '走查角色2' } })],
  ['DELETE /api/role/del', (w) => ({ query: { id: w.s.roleId } })],
  ['POST /api/area/', (w) => ({ as: w.hd, body: { id: '110197', parentId: HD, areaName: '走查片区' } })],
  ['PUT /api/area/', (w) => ({ as: w.hd, body: { id: '110197', areaName: '走查片区2' } })],
  ['POST /api/area/rail', (w) => ({ as: w.hd, body: { areaId: '110197', gpsRail: square(116.3, 39.98) } })],
  ['PUT /api/area/rail/:id', (w) => ({ as: w.hd, url: '/api/area/rail/110197', body: { gpsRail: square(116.3, 39.98, 0.003) } })],
  ['DELETE /api/area/rail/:id', (w) => ({ as: w.hd, url: '/api/area/rail/110197' })],
  ['POST /api/area/entryRail', (w) => ({ as: w.hd, body: { areaId: '110197', name: '东门', gpsRail: square(116.3, 39.98) } })],
  ['PUT /api/area/entryRail/:id', (w) => ({ as: w.hd, url: `/api/area/entryRail/${w.s.entryId}`, body: { name: '西门' } })],
  ['DELETE /api/area/entryRail/:id', (w) => ({ as: w.hd, url: `/api/area/entryRail/${w.s.entryId}` })],
  ['DELETE /api/area/:id', (w) => ({ as: w.hd, url: '/api/area/110197' })],
  ['POST /api/forbid/', (w) => ({ as: w.hd, body: { type: 1, alias: '走查禁停区', fence: square(116.31, 39.98) } })],
  ['PUT /api/forbid/:id', (w) => ({ as: w.hd, url: `/api/forbid/${w.s.forbidId}`, body: { alias: '走查禁停区2' } })],
  ['DELETE /api/forbid/:id', (w) => ({ as: w.hd, url: `/api/forbid/${w.s.forbidId}` })],
  [
    'POST /api/company/createEnterprise',
    (w) => ({
      as: w.hd,
      body: { brandName: '走查单车', brandAccount: 'walk_brand', brandPassword: 'Qingju_Walk_9', launchArea: [HD], operationAreaId: HD },
      creates: true,
    }),
  ],
  ['POST /api/company/createEnterprise#edit', (w) => ({ as: w.hd, body: { brandId: w.s.brandId, brandOperation: '走查运营公司' } })],
  [
    'POST /api/company/saveMaintainer',
    (w) => ({ as: w.hd, body: { brandId: w.s.brandId, maintainName: '走查运维', maintainPhone: '13900000088', manageArea: HD }, creates: true }),
  ],
  [
    'POST /api/company/saveMaintainer#edit',
    (w) => ({ as: w.hd, body: { id: w.s.maintainerId, brandId: w.s.brandId, maintainName: '走查运维2', manageArea: HD } }),
  ],
  ['DELETE /api/company/deleteMaintainer', (w) => ({ as: w.hd, query: { brandId: w.s.brandId, id: w.s.maintainerId } })],
  ['POST /api/company/setAreaQuota', (w) => ({ as: w.hd, body: { brandId: w.s.brandId, areaId: HD, bikeQuota: 100, ebikeQuota: 10 }, creates: true })],
  ['POST /api/site/', (w) => ({ as: w.hd, body: { siteName: '走查站点', siteLon: 116.337, siteLat: 39.992 } })],
  ['POST /api/site/rail', (w) => ({ as: w.hd, body: { siteName: '画出的站点', gpsRail: square(116.339, 39.976, 0.0005), selfAreaId: HD } })],
  ['PUT /api/site/batch', (w) => ({ as: w.hd, body: { siteIds: [w.s.siteId], fields: { siteBikeCeiling: 40 } } })],
  ['PUT /api/site/length_factor', (w) => ({ as: w.hd, body: { selfAreaId: HD, length: 25 } })],
  ['PUT /api/site/gps/:site_id', (w) => ({ as: w.hd, url: `/api/site/gps/${w.s.siteId}`, body: { siteLon: 116.338, siteLat: 39.991 } })],
  ['PUT /api/site/areaCenter/:siteId', (w) => ({ as: w.hd, url: `/api/site/areaCenter/${w.s.siteId}`, body: { gpsRail: square(116.3378, 39.9908, 0.0004) } })],
  ['POST /api/site/magnify/', (w) => ({ as: w.hd, query: { selfAreaId: HD }, body: { alias: '晚高峰', siteList: [w.s.siteId], factor: 2, openSwitch: 1 } })],
  ['PUT /api/site/magnify/open/:id', (w) => ({ as: w.hd, url: `/api/site/magnify/open/${w.s.magnifyId}`, query: { selfAreaId: HD }, body: { openSwitch: 0 } })],
  ['PUT /api/site/magnify/:id', (w) => ({ as: w.hd, url: `/api/site/magnify/${w.s.magnifyId}`, query: { selfAreaId: HD }, body: { alias: '晚高峰2' } })],
  ['DELETE /api/site/magnify/:id', (w) => ({ as: w.hd, url: `/api/site/magnify/${w.s.magnifyId}`, query: { selfAreaId: HD } })],
  ['PUT /api/site/:id', (w) => ({ as: w.hd, url: `/api/site/${w.s.siteId}`, body: { siteName: '走查站点2' } })],
  ['POST /api/equipment', (w) => ({ as: w.hd, body: { equipmentMac: 'AA:BB:CC:00:0A:01', siteId: w.s.siteId }, creates: true })],
  ['POST /api/equipment#move', (w) => ({ as: w.hd, body: { equipmentMac: 'AA:BB:CC:00:0A:01', siteId: w.s.railSiteId } })],
  ['DELETE /api/equipment/delete', (w) => ({ as: w.hd, query: { equipmentMac: 'AA:BB:CC:00:0A:01' } })],
  ['DELETE /api/device/site/delete', (w) => ({ as: w.hd, query: { siteId: w.s.railSiteId, areaId: HD } })],
  [
    'PUT /api/abnormal/updateMsg',
    async (w) => {
      const [a] = await w.database.query<{ id: string }>(
        `insert into abnormal_messages (abnormal_type, area_id, subject, brand_id) values (1, $1, '走查异常', $2) returning id::text as id`,
        [HD, w.s.brandId],
      );
      return { as: w.hd, query: { selfAreaId: HD }, body: { ids: [Number(a.id)] } };
    },
  ],
  ['PUT /api/config/fullPileNum', (w) => ({ as: w.hd, query: { selfAreaId: HD }, body: { pile: 1.2 } })],
  [
    'PUT /api/config/siteParams',
    (w) => ({ as: w.hd, query: { selfAreaId: HD }, body: { fullPileNum: 1.1, length: 30, dispatchThresholdLess: 10, dispatchThresholdMore: 90 } }),
  ],
  ['POST /api/bikeLimit/save', (w) => ({ as: w.hd, body: { selfAreaId: HD, brandId: w.s.brandId, areaId: HD, bikeNum: 8, ebikeNum: 3 } })],
  [
    'POST /api/indexPage/setAreaTotalNumber',
    async (w) => {
      await w.database.query(`insert into area_caps (area_id, bike_cap, ebike_cap) values ($1, 90, 40) on conflict do nothing`, [HD]);
      return { as: w.hd, body: { selfAreaId: HD, bikeNum: 100, ebikeNum: 50 } };
    },
  ],
  ['POST /api/indexPage/setAreaBikeNumber', (w) => ({ as: w.hd, body: { selfAreaId: HD, brandId: w.s.brandId, areaId: HD, bikeNum: 1, ebikeNum: 2 } })],
  ['POST /api/upload', (w) => ({ send: () => upload(t.app, w.hd.token, 'notice', '通知附件.png', PNG) })],
  [
    'POST /api/company/importBikes',
    async (w) => {
      const sheet = await upload(
        t.app,
        w.hd.token,
        'filing',
        '走查车辆.xlsx',
        await sheetBytes([
          ['车辆编号', '车辆类型'],
          ['WALK0001', 0],
        ]),
      );
      const [brand] = await w.database.query<{ id: number }>(`select id from brands where brand_account = 'walk_a'`);
      return { as: w.hd, body: { brandId: brand.id, file: sheet.body.data.file }, creates: true };
    },
  ],
  [
    'POST /api/information/add',
    (w) => ({
      as: w.hd,
      body: { title: '走查通知', type: 1, body: '第一段。', state: 0, areaId: HD, brandIds: [w.s.brandId], attachments: [w.s.fileUrl] },
      creates: true,
    }),
  ],
  [
    'POST /api/information/add#publish',
    (w) => ({ as: w.hd, body: { id: w.s.noticeId, title: '走查通知', type: 1, body: '第一段。', state: 1, areaId: HD, brandIds: [w.s.brandId] } }),
  ],
  ['DELETE /api/information/delete', (w) => ({ as: w.hd, query: { id: w.s.noticeId } })],
  [
    'POST /api/saveThirdPartyAuthUser',
    (w) => ({ as: w.hd, body: { name: '走查数据局', company: '走查单位', phone: '13900000077', areaId: HD, expireTime: '2099-12-31' }, creates: true }),
  ],
  ['POST /api/resetThirdPartyAuthKey', (w) => ({ as: w.hd, body: { id: w.s.keyId } })],
  ['POST /api/saveThirdPartyAuthUser#revoke', (w) => ({ as: w.hd, body: { id: w.s.keyId, status: 1 } })],
  ['POST /api/workOrder/add', (w) => ({ as: w.hd, body: { type: 8, brandId: w.s.brandId, siteId: w.s.siteId, text: '走查工单' }, creates: true })],
  ['POST /api/workOrder/finish', (w) => ({ as: w.hd, body: { id: w.s.workOrderId, note: '走查办结' } })],
  [
    'POST /api/workOrder/return',
    async (w) => {
      // an answered order to return (the enterprise's answer is the open API's)
      const [o] = await w.database.query<{ id: number }>(
        `insert into work_orders (order_type, area_id, brand_id, place, title, state, opened_by, created_at, deadline_at, updated_at, answered_at)
         values (8, $1, $2, 'area', '走查', 3, 'regulator', now(), now() + interval '1 hour', now(), now()) returning id::int`,
        [HD, w.s.brandId],
      );
      return { as: w.hd, body: { id: o.id, reason: '走查退回' } };
    },
  ],
  ...FIELD_SAMPLES,
  ['DELETE /api/company/deleteEnterprise', (w) => ({ as: w.hd, query: { brandId: w.s.brandId } })],
];

/** Ids the next samples need, read from an answer. */
function remember(key: string, data: any, s: Record<string, any>) {
  if (key === 'POST /api/user/add') s.userId = data.id;
  if (key === 'POST /api/role/add') s.roleId = data.id;
  if (key === 'POST /api/area/entryRail') s.entryId = data.id;
  if (key === 'POST /api/forbid/') s.forbidId = data.id;
  if (key === 'POST /api/externalFeed/files') s.fileFeedId = data.id;
  if (key === 'POST /api/externalFeed/url') s.urlFeedId = data.id;
  if (key === 'POST /api/company/createEnterprise') s.brandId = data.brandId;
  if (key === 'POST /api/company/saveMaintainer') s.maintainerId ??= data.id;
  if (key === 'POST /api/site/') s.siteId = data.siteId;
  if (key === 'POST /api/site/rail') s.railSiteId = data.siteId;
  if (key === 'POST /api/site/magnify/') s.magnifyId = data.id;
  if (key === 'POST /api/upload') s.fileUrl = data.url;
  if (key === 'POST /api/information/add') s.noticeId ??= data.id;
  if (key === 'POST /api/saveThirdPartyAuthUser') s.keyId ??= data.id;
  if (key === 'POST /api/workOrder/add') s.workOrderId ??= data.id;
  if (key === 'POST /api/clock/saveClockSiteInfo') s.clockSiteId ??= data.id;
  if (key === 'POST /api/field/report') s.reportId = data.id;
  if (key === 'POST /api/field/siteApply') s.siteApplies = [...(s.siteApplies ?? []), data.id];
  if (key === 'POST /api/miApp/brandBikeNotUploadRule') s.rule1 = data.id;
  if (key === 'POST /api/miApp/brandBikeNotUploadMacRule') s.rule2 = data.id;
  if (key === 'POST /api/clockRecord/saveClockConfigInfo') s.clockConfigId ??= data.id;
  if (key === 'POST /api/examine/category/upsert') s.categoryId ??= data.id;
  if (key === 'POST /api/examine/fixedRule/upsert') s.fixedRuleId ??= data.id;
  if (key === 'POST /api/examine/sortContent/upsert') s.scoreId ??= data.id;
  if (key === 'POST /api/examine/trendsRule/upsert') s.trendRuleId ??= data.id;
  if (key === 'PUT /api/user/reset' && data?.password) secrets.add(data.password);
  if (typeof data?.key === 'string') secrets.add(data.key);
}

/** Secret-named fields anywhere in `v` that hold anything but the redaction mark. */
function leaks(v: unknown, path = ''): string[] {
  if (!v || typeof v !== 'object') return [];
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) =>
    isSecretName(k) && x !== REDACTED && x !== null && x !== '' ? [`${path}${k}`] : leaks(x, `${path}${k}.`),
  );
}

let t: TestContext;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ GBFS_IMPORT_PRIVATE: '1' }); // 外部站点's import from a URL reads a local server
  const admin = await adminClient(t.app);
  const hd = await userClient(t.app, admin, { username: 'walk_hd', areaId: HD });
  const pwdUser = await userClient(t.app, admin, { username: 'walk_pwd', areaId: HD });
  await addBrand(t.database, { name: '走查甲', account: 'walk_a', areaId: HD });
  w = { admin, hd, pwdUser, database: t.database, app: t.app, s: {} };
});
afterAll(() => t.close());

describe('every console write leaves one audit row', () => {
  it('has a sample for every audited write route', () => {
    const have = new Set(SAMPLES.map(([k]) => k.split('#')[0]));
    const missing = t.app.audited.map((r) => `${r.method} ${r.url}`).filter((k) => !have.has(k) && !have.has(`${k}/`));
    expect(
      missing,
      `write routes without an audit sample: add a known-good request for each to SAMPLES in server/test/api/auditWalk.test.ts (or mark a route that only reads with config: { audit: false })`,
    ).toEqual([]);
  });

  it('knows what every audited write route is about (its before snapshot)', () => {
    const missing = t.app.audited.filter((r) => !r.object).map((r) => `${r.method} ${r.url}`);
    expect(
      missing,
      `write routes without an audit declaration: name the rows each changes or deletes in its config: { audit: … } (or CREATES when it only adds), http/auditObjects.ts`,
    ).toEqual([]);
  });

  for (const [label, sample] of SAMPLES) {
    const key = label.split('#')[0];
    it(label, async () => {
      const route = t.app.audited.find((r) => `${r.method} ${r.url}` === key.replace(/\/$/, ''));
      expect(route, `${key} is not an audited route (any more): remove its sample`).toBeDefined();
      const [method, pattern] = key.split(' ');
      const req = await sample(w);
      const [{ id: lastId }] = await t.database.query<{ id: string }>('select coalesce(max(id), 0)::text as id from audit_log');
      const r = req.send
        ? await req.send()
        : await (req.as ?? w.admin).call(method as 'POST', req.url ?? pattern, req.body ?? (method === 'DELETE' ? undefined : {}), req.query);
      expect(r.body, `${key}: the sample must succeed (${r.body.message})`).toMatchObject({ code: 200 });
      remember(key, r.body.data, w.s);
      const rows = await t.database.query<Record<string, unknown>>('select * from audit_log where id > $1::bigint', [lastId]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ method, route: route!.url, summary: route!.summary });
      const text = JSON.stringify(rows[0]);
      for (const s of secrets) expect(text, `${key}: a secret reached the audit log`).not.toContain(s);
      expect(leaks(rows[0].after)).toEqual([]);
      const declared = route!.object;
      if (declared === CREATES || req.creates) expect(rows[0].before, `${label}: creates, nothing before`).toBeNull();
      else expect(rows[0].before, `${label}: changes or deletes an object, so the row keeps it as it was`).not.toBeNull();
      expect(leaks(rows[0].before)).toEqual([]);
    });
  }
});
