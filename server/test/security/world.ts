/**
 * The security suite's fixture world: two districts (海淀 110108, 朝阳 110105), an admin of each, a
 * user without any permission, two brands and an enterprise user of one of them. Every object of
 * 朝阳 and of brand B carries a marker string: a response that shows one to the other side leaks.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.js';
import { Client, adminClient, userClient } from '../support/app.js';
import { Operator, addBrand, addSite } from '../support/world.js';
import { jobContextOf } from '../../src/jobs/index.js';
import { runSnapshot } from '../../src/jobs/snapshot.js';

export const HD = '110108';
export const CY = '110105';
/** Found in 朝阳's objects only. */
export const CY_MARK = 'CYMARK7';
/** Found in brand B's record only (its account and contact). */
export const BRAND_B_MARK = 'BBMARK9';
/**
 * Found in brand C's record and bikes only: brand C works in 海淀 beside brand A (its bikes parked at
 * 海淀站点, heard by its piles, one filed and silent, one unfiled), so that only the brand scope,
 * not the area's, keeps them from brand A's enterprise user.
 */
export const BRAND_C_MARK = 'BCMARK5';
export const HD_SITE = `${HD}SITE1`;

export interface World {
  admin: Client;
  hdAdmin: Client;
  cyAdmin: Client;
  noPerm: Client;
  entA: Client;
  operatorA: Operator;
  brandA: number;
  brandB: number;
  brandC: number;
  /** Ids of 朝阳's objects, by kind. */
  foreign: {
    user: number;
    forbid: number;
    site: string;
    role: number | null;
    brand: number;
    siteApply: number;
    examine: number;
    rule: number;
    /** 朝阳's external GBFS feed (区域设置 · 外部站点), its name and a station's marked */
    feed: number;
  };
}

export async function buildWorld(app: FastifyInstance, database: Database): Promise<World> {
  const admin = await adminClient(app);
  const brandA = await addBrand(database, { name: '甲单车', account: 'branda', areaId: HD });
  const brandB = await addBrand(database, {
    name: `乙单车${BRAND_B_MARK}`,
    account: `b${BRAND_B_MARK.toLowerCase()}`,
    areaId: CY,
  });
  await database
    .query(`update brands set contact_name = $2, contact_phone = $3 where id = $1`, [brandB, `联系人${BRAND_B_MARK}`, '13900009999'])
    .catch(() => {});
  const hdAdmin = await userClient(app, admin, { username: 'hdadmin', areaId: HD });
  const cyAdmin = await userClient(app, admin, { username: `cy${CY_MARK.toLowerCase()}`, areaId: CY });
  await cyAdmin.put('/api/user/edit', { id: cyAdmin.userId, name: `朝阳管理员${CY_MARK}` });
  const role = await admin.post('/api/role/add', { roleName: '无权限角色', permissionIds: [] }, { selfAreaId: HD });
  const noPerm = await userClient(app, admin, {
    username: 'noperm',
    areaId: HD,
    roleIds: role.body.code === 200 ? [role.body.data.id] : [],
  });
  const cyRole = await cyAdmin.post('/api/role/add', { roleName: `朝阳角色${CY_MARK}`, permissionIds: [] }, { selfAreaId: CY });
  // an enterprise account of brand A: the area's widest role, so that only the brand scope stands
  // between it and brand C (user/add takes no brand for a level-1 account of the area role: set here)
  const entA = await userClient(app, admin, { username: 'enta', areaId: HD, userLevel: 1 });
  await database.query('update users set brand_id = $1 where id = $2', [brandA, entA.userId]);
  await entA.login('enta', 'Passw0rd1');
  await addSite(database, {
    id: `${CY}${CY_MARK}`,
    areaId: CY,
    name: `朝阳站点${CY_MARK}`,
    lon: 116.48,
    lat: 39.92,
    ceiling: 10,
  });
  await addSite(database, { id: HD_SITE, areaId: HD, name: '海淀站点', lon: 116.31, lat: 39.98, ceiling: 10 });
  const brandC = await addBrand(database, { name: `丙单车${BRAND_C_MARK}`, account: `c${BRAND_C_MARK.toLowerCase()}`, areaId: HD });
  await seedBikes(database, brandC, BRAND_C_MARK, 5);
  await seedBikes(database, brandA, 'QJOWN', 6);
  const rule = await seedNotUploaded(database, brandB, brandC);
  await runSnapshot(jobContextOf(app.ctx), new Date());
  const fence = [
    [116.47, 39.91],
    [116.49, 39.91],
    [116.49, 39.93],
  ];
  const forbid = await cyAdmin.post('/api/forbid', { type: 0, alias: `朝阳禁停${CY_MARK}`, areaId: CY, fence }, { selfAreaId: CY });
  if (forbid.body.code !== 200) throw new Error(`forbid: ${forbid.body.message}`);
  const category = await cyAdmin.post('/api/examine/category/upsert', { name: `朝阳类别${CY_MARK}`, fullScore: 30 }, { selfAreaId: CY });
  if (category.body.code !== 200) throw new Error(`examine category: ${category.body.message}`);
  await seedFieldWork(database, { cyUser: cyAdmin.userId, hdUser: hdAdmin.userId, brandC });
  const operatorA = await new Operator(app, 'branda').login();
  // site applications (米单车管理 · 站点申请): one of 朝阳 (brand B's applicant), one of brand C in 海淀
  const applies = await database.query<{ id: number }>(
    `insert into site_applications (client_id, user_id, brand_id, area_id, name, lon, lat, capacity, piles, reason, state, reject_reason, at)
     values ('sec-cy', $1, $2, $3, $4, 116.48, 39.92, 20, 1, $5, 0, null, now()),
            ('sec-cy2', $1, $2, $3, $4, 116.48, 39.92, 20, 1, $5, 2, $5, now()),
            ('sec-c', $6, $7, $8, $9, 116.31, 39.98, 20, 1, $10, 2, $10, now())
     returning id::int as id`,
    [
      cyAdmin.userId,
      brandB,
      CY,
      `朝阳申请${CY_MARK}`,
      `理由${CY_MARK}${BRAND_B_MARK}`,
      hdAdmin.userId,
      brandC,
      HD,
      `丙申请${BRAND_C_MARK}`,
      `理由${BRAND_C_MARK}`,
    ],
  );
  // 区域设置 · 外部站点: a feed of 朝阳 (a URL one: its refresh is only scheduled, never fetched here)
  const [feed] = await database.query<{ id: number }>(
    `insert into external_feeds (area_id, name, source, url, version, ttl, stations, station_count, fetched_at, next_fetch_at)
     values ($1, $2, 'url', $3, '2.3', 60, $4::jsonb, 1, now(), now() + interval '1 day') returning id`,
    [
      CY,
      `朝阳外部站点${CY_MARK}`,
      `https://${CY_MARK.toLowerCase()}.example/gbfs.json`,
      JSON.stringify([
        {
          id: `${CY_MARK}S1`,
          name: `外部站${CY_MARK}`,
          lon: 116.48,
          lat: 39.92,
          capacity: 10,
          bikes: 3,
          docks: 7,
          installed: true,
          renting: true,
          returning: true,
          reportedAt: null,
        },
      ]),
    ],
  );
  return {
    admin,
    hdAdmin,
    cyAdmin,
    noPerm,
    entA,
    operatorA,
    brandA,
    brandB,
    brandC,
    foreign: {
      user: cyAdmin.userId,
      forbid: forbid.body.data.id,
      site: `${CY}${CY_MARK}`,
      role: cyRole.body.code === 200 ? cyRole.body.data.id : null,
      brand: brandB,
      siteApply: applies[0].id,
      examine: category.body.data.id as number,
      rule,
      feed: feed.id,
    },
  };
}

/**
 * 桩测未上传车辆: brand B's (朝阳) BLE-name rule and a matched bike of it in 朝阳, brand C's MAC rule and
 * a matched bike of it in 海淀, all carrying their marks; answers 朝阳's rule id.
 */
async function seedNotUploaded(database: Database, brandB: number, brandC: number) {
  const [rule] = await database.query<{ id: number }>(
    `insert into mac_rules (kind, brand_id, name_prefix, name_length, bike_id_prefix, bike_id_length, bike_id_extract_start, bike_id_extract_length)
     values (1, $1, $2, 14, $2, null, 7, null), (2, $3, 'BC0', 12, $4, null, 3, null) returning id`,
    [brandB, CY_MARK, brandC, BRAND_C_MARK],
  );
  await database.query(
    `insert into not_uploaded_bikes (kind, brand_id, bike_id, mac, name, site_id, area_id, first_heard_at, last_heard_at)
     values (1, $1, $2, 'AA:BB:CC:00:0C:01', $2, $3, $4, now(), now()), (2, $5, $6, 'BC:00:00:00:00:01', null, $7, $8, now(), now())`,
    [brandB, `${CY_MARK}01`, `${CY}${CY_MARK}`, CY, brandC, `${BRAND_C_MARK}01`, HD_SITE, HD],
  );
  return rule.id;
}

/**
 * Bikes of a brand in 海淀 whose ids start with `prefix`: 01 filed and parked at 海淀站点, 02 parked
 * there unfiled (illegal), 03 filed and never reported; the piles heard 01 and 02 (MACs …:0n).
 */
async function seedBikes(database: Database, brandId: number, prefix: string, mac: number) {
  await database.query(`insert into bikes (bike_id, brand_id, bike_type, license_code) values ($1, $3, 0, $4), ($2, $3, 1, null)`, [
    `${prefix}01`,
    `${prefix}03`,
    brandId,
    `京${prefix}`,
  ]);
  await database.query(
    `insert into bike_live (bike_id, brand_id, bike_type, area_id, lon, lat, status, site_id, legality, reported_at)
     values ($1, $3, 0, $4, 116.31, 39.98, 1, $5, 0, now()), ($2, $3, 0, $4, 116.3101, 39.9801, 1, $5, 1, now())`,
    [`${prefix}01`, `${prefix}02`, brandId, HD, HD_SITE],
  );
  await database.query(
    `insert into pile_sightings (site_id, mac, name, bike_id, brand_id, area_id, at)
     values ($1, $2, $3, $4, $6, $7, now()), ($1, $8, $9, $5, $6, $7, now())`,
    [HD_SITE, `AA:BB:CC:00:0${mac}:01`, `${prefix}ble1`, `${prefix}01`, `${prefix}02`, brandId, HD, `AA:BB:CC:00:0${mac}:02`, `${prefix}ble2`],
  );
}

/**
 * 米单车管理's inspections and piles (issue 29): a patrol, a pile install and two piles (heard and
 * silent) in 朝阳, marked; a patrol of brand C's bike in 海淀, marked (brand A's enterprise user must not see it).
 */
async function seedFieldWork(database: Database, u: { cyUser: number; hdUser: number; brandC: number }) {
  const site = `${CY}${CY_MARK}`;
  await database.query(
    `insert into patrol_records (client_id, user_id, area_id, bike_id, brand_id, site_id, result, note, lon, lat, at)
     values ('sec-cy', $1, $2, $3, null, $4, 2, $5, 116.48, 39.92, now()), ('sec-bc', $6, $7, $8, $9, $10, 3, $11, 116.31, 39.98, now())`,
    [u.cyUser, CY, `${CY_MARK}BIKE`, site, `朝阳巡检${CY_MARK}`, u.hdUser, HD, `${BRAND_C_MARK}01`, u.brandC, HD_SITE, `丙巡检${BRAND_C_MARK}`],
  );
  await database.query(
    `insert into pile_installs (client_id, user_id, area_id, mac, site_id, lon, lat, at) values ('sec-cy', $1, $2, 'CC:MA:RK:00:00:01', $3, 116.48, 39.92, now())`,
    [u.cyUser, CY, site],
  );
  await database.query(
    `insert into piles (equipment_mac, site_id, area_id, power, last_seen_at) values ('CC:MA:RK:00:00:01', $1, $2, 50, now()), ('CC:MA:RK:00:00:02', $1, $2, 50, now() - interval '2 hours')`,
    [site, CY],
  );
}

/**
 * A fingerprint of 朝阳's objects and brand B's record: any change by a 海淀 user (or by anybody
 * during the no-permission pass) shows as a different value.
 */
export async function fingerprint(database: Database, areaId = CY, brandId?: number): Promise<string> {
  const parts = [
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select id, username, name, phone, status, area_id, user_level, brand_id from users where area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.user_id, t.role_id), '')) as h from (select ur.user_id, ur.role_id from user_roles ur join users u on u.id = ur.user_id where u.area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select * from forbid_zones where area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select id, area_id, site_name, lon, lat, site_bike_ceiling, deleted_at, gps_rail from sites where area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select * from areas where id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select * from site_applications where area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select * from examine_categories where area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|'), '')) as h from (select * from examine_conf where area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select r.* from mac_rules r join brands b on b.id = r.brand_id where b.area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select * from not_uploaded_bikes where area_id = $1) t`,
    `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from (select * from external_feeds where area_id = $1) t`,
  ];
  const out: string[] = [];
  for (const q of parts) out.push((await database.query<{ h: string }>(q, [areaId]))[0].h);
  if (brandId !== undefined) {
    out.push((await database.query<{ h: string }>(`select md5(t::text) as h from (select * from brands where id = $1) t`, [brandId]))[0]?.h ?? '');
  }
  return out.join(',');
}
