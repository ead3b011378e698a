/**
 * What the city authority sets up for the demo city, written with plain SQL: the district's
 * operating fence, sites, the pile gateway and its piles, forbidden zones, and the three operators
 * with quotas and MAC rules. Idempotent: nothing happens when the demo operators exist.
 */
import { normalMac } from '../domain/bikeIdRules.js';
import type { Database } from '../db/client.js';
import { hashPassword } from '../domain/password.js';
import type { World } from './world.js';
import { CREW_CONFIG, type Crew } from './crew.js';
import { assessArea } from '../shared/ratingAssess.js';
import { previousPeriod } from '../domain/rating.js';
import { localDay } from '../domain/time.js';

/** Are the demo operators there already? */
async function demoSeeded(database: Database, world: World): Promise<boolean> {
  const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from brands where brand_account = any($1::varchar[])`, [
    world.brands.map((b) => b.account),
  ]);
  return n >= world.brands.length;
}

export async function seedWorld(database: Database, world: World): Promise<boolean> {
  if (await demoSeeded(database, world)) return false;
  const { sites, areaId } = world;
  await database.query(`update areas set gps_rail = $2::jsonb, is_open = true, monitor_open = true, updated_at = now() where id = $1`, [
    areaId,
    JSON.stringify(world.fence),
  ]);
  await database.query(
    `insert into sites (id, area_id, site_name, lon, lat, gps_rail, length, ble_num, site_bike_ceiling, site_ceiling,
                        recycle_switch, major_switch, brand_put_switch)
     select u.id, $1, u.name, u.lon, u.lat, u.rail::jsonb, u.len, u.ble, u.cap, u.cap, u.rec, u.maj, u.put
       from unnest($2::varchar[], $3::varchar[], $4::float8[], $5::float8[], $6::text[], $7::int[], $8::int[], $9::int[],
                   $10::bool[], $11::bool[], $12::bool[]) as u(id, name, lon, lat, rail, len, ble, cap, rec, maj, put)
     on conflict (id) do nothing`,
    [
      areaId,
      sites.map((s) => s.id),
      sites.map((s) => s.name),
      sites.map((s) => s.lon),
      sites.map((s) => s.lat),
      sites.map((s) => (s.gpsRail ? JSON.stringify(s.gpsRail) : null)),
      sites.map((s) => s.length),
      sites.map((s) => s.bleNum),
      sites.map((s) => s.capacity),
      sites.map((s) => s.recycle),
      sites.map((s) => s.major),
      sites.map((s) => s.brandPut),
    ],
  );
  const g = world.gateway;
  await database.query(`insert into gateways (account, password_hash, name, area_id) values ($1, $2, $3, $4) on conflict (account) do nothing`, [
    g.account,
    await hashPassword(g.password),
    g.name,
    areaId,
  ]);
  const piles = sites.flatMap((s) => s.piles.map((mac) => ({ mac, site: s.id })));
  await database.query(
    `insert into piles (equipment_mac, site_id, area_id, gateway_id)
     select u.mac, u.site, $1, (select id from gateways where account = $2)
       from unnest($3::varchar[], $4::varchar[]) as u(mac, site)
     on conflict (equipment_mac) do nothing`,
    [areaId, g.account, piles.map((p) => p.mac), piles.map((p) => p.site)],
  );
  for (const z of world.zones) {
    await database.query(
      `insert into forbid_zones (area_id, type, alias, serial, fence)
       select $1::varchar, 1, $2::varchar, $3::varchar, $4::jsonb
        where not exists (select 1 from forbid_zones where area_id = $1::varchar and serial = $3::varchar)`,
      [areaId, z.alias, z.serial, JSON.stringify(z.fence)],
    );
  }
  // the operators last, in one statement with their quotas and MAC rules: their presence marks a finished seed
  const brands = world.brands;
  const hashes = await Promise.all(brands.map((b) => hashPassword(b.password)));
  await database.query(
    `with u as (
       select * from unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::text[], $6::varchar[], $7::varchar[], $8::varchar[],
                            $9::int[], $10::varchar[], $11::varchar[], $12::int[], $13::int[], $14::varchar[])
         as u(name, operation, account, hash, contact, mobile, address, staff, bike_color, ebike_color, bikes, ebikes, ble_prefix)
     ), b as (
       insert into brands (brand_name, brand_operation, brand_account, brand_password_hash, brand_contact_person,
                           brand_contact_mobile, brand_address, brand_operation_num, bike_color, ebike_color, area_id,
                           launch_area, operation_area_id)
       select name, operation, account, hash, contact, mobile, address, staff, bike_color, ebike_color, $1::varchar,
              jsonb_build_array($1::varchar), jsonb_build_array($1::varchar)
         from u
       on conflict (brand_account) where deleted_at is null do nothing
       returning id, brand_account
     ), q as (
       insert into brand_quotas (brand_id, area_id, bike_quota, ebike_quota)
       select b.id, $1::varchar, u.bikes, u.ebikes from b join u on u.account = b.brand_account
       on conflict do nothing
     )
     insert into mac_rules (brand_id, name_prefix, name_length, bike_id_prefix, bike_id_length, bike_id_extract_start, bike_id_extract_length)
     select b.id, u.ble_prefix, length(u.ble_prefix) + 8, left(u.ble_prefix, 2), 10, length(u.ble_prefix), 8
       from b join u on u.account = b.brand_account`,
    [
      areaId,
      brands.map((b) => b.name),
      brands.map((b) => b.operation),
      brands.map((b) => b.account),
      hashes,
      brands.map((b) => b.contact),
      brands.map((b) => b.mobile),
      brands.map((b) => b.address),
      brands.map((b) => b.staff),
      brands.map((b) => b.bikeColor),
      brands.map((b) => b.ebikeColor),
      // approved quantities: the filed fleet plus a margin
      brands.map((b) => Math.ceil((b.bicycles * 1.1) / 100) * 100),
      brands.map((b) => Math.ceil((b.ebikes * 1.1) / 100) * 100),
      brands.map((b) => b.blePrefix),
    ],
  );
  await seedMacRule(database, world);
  await seedRatingScheme(database, world.areaId);
  return true;
}

/** 海淀's rating scheme (评级考核), as a district regulator sets it up: base 100 in five categories, a rule per figure, two hand-scored items. */
const RATING: { name: string; fullScore: number; trends: [string, string, [number | null, number | null, number][]][]; fixed: [string, number, number][] }[] = [
  {
    name: '投放管理',
    fullScore: 20,
    trends: [
      [
        'overQuota',
        '超额投放率',
        [
          [10, null, 10],
          [0.1, 10, 4],
        ],
      ],
    ],
    fixed: [],
  },
  {
    name: '秩序管理',
    fullScore: 30,
    trends: [
      [
        'offSiteReturn',
        '站外还车率',
        [
          [10, null, 10],
          [5, 10, 5],
        ],
      ],
      [
        'notAllowedParking',
        '非允许站点停放',
        [
          [10, null, 6],
          [1, 10, 2],
        ],
      ],
    ],
    fixed: [['车辆乱停未及时清理', 1, 5]],
  },
  {
    name: '车辆管理',
    fullScore: 20,
    trends: [
      [
        'illegalBikes',
        '非法车辆',
        [
          [10, null, 8],
          [1, 10, 3],
        ],
      ],
      [
        'faultyOpen',
        '故障车超 24 小时未处理',
        [
          [5, null, 6],
          [1, 5, 2],
        ],
      ],
    ],
    fixed: [],
  },
  {
    name: '运维能力',
    fullScore: 15,
    trends: [
      [
        'orderInTime',
        '工单按时响应率',
        [
          [null, 60, 8],
          [60, 90, 4],
        ],
      ],
      [
        'orderMedian',
        '工单响应时长中位数',
        [
          [60, null, 4],
          [30, 60, 2],
        ],
      ],
    ],
    fixed: [['运维人员配备不足', 2, 6]],
  },
  {
    name: '数据接入',
    fullScore: 15,
    trends: [
      [
        'dataAccess',
        '数据接入率',
        [
          [null, 90, 6],
          [90, 95, 3],
        ],
      ],
      [
        'notUploaded',
        '桩测未上传车辆',
        [
          [10, null, 5],
          [1, 10, 2],
        ],
      ],
    ],
    fixed: [],
  },
];

/** Seeds 海淀's rating scheme once (none of its categories yet): the monthly job then grades the demo's enterprises. */
async function seedRatingScheme(database: Database, areaId: string) {
  const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from examine_categories where area_id = $1 and deleted_at is null`, [areaId]);
  if (n > 0) return;
  await database.tx(async (q) => {
    for (const [i, c] of RATING.entries()) {
      const [{ id }] = await q<{ id: number }>(`insert into examine_categories (area_id, name, full_score, sort) values ($1, $2, $3, $4) returning id`, [
        areaId,
        c.name,
        c.fullScore,
        i + 1,
      ]);
      for (const [measure, name, bands] of c.trends) {
        await q(`insert into examine_trend_rules (area_id, category_id, measure, name, bands) values ($1, $2, $3, $4, $5::jsonb)`, [
          areaId,
          id,
          measure,
          name,
          JSON.stringify(bands.map(([min, max, points]) => ({ min, max, points }))),
        ]);
      }
      for (const [name, points, max] of c.fixed) {
        await q(`insert into examine_fixed_rules (area_id, category_id, name, points, max_points) values ($1, $2, $3, $4, $5)`, [
          areaId,
          id,
          name,
          points,
          max,
        ]);
      }
    }
  });
}

/**
 * 青桔's MAC rule (桩测未上传车辆): its MAC prefix and the serial's first digit, the last five hex
 * digits read back as the serial (world.ts bikeMac), so that the piles' sightings of its silent bikes
 * are matched as not uploaded. Once.
 */
async function seedMacRule(database: Database, world: World) {
  const qj = world.brands.find((b) => b.account === 'qingju');
  if (!qj) return;
  await database.query(
    `insert into mac_rules (kind, brand_id, name_prefix, name_length, bike_id_prefix, bike_id_length, bike_id_extract_start, bike_id_extract_length)
     select 2, b.id, $2, 12, $3, 10, 7, 5 from brands b
      where b.brand_account = $1 and b.deleted_at is null and not exists (select 1 from mac_rules r where r.brand_id = b.id and r.kind = 2)`,
    [qj.account, `${normalMac(qj.macPrefix)}0`, `${qj.prefix}000`],
  );
}

/**
 * The demo's field crew as the city authority would set it up in the console: 海淀's clock sites
 * (at the operators' busiest sites, and open ones), the clock config for 运维人员, and the crew's
 * accounts with their roles (maintainers of their operator). Idempotent: nothing happens when the
 * accounts exist; a start broken half way adds no clock site or config twice. The config is saved
 * now, so its windows count from now on (no 缺卡 in the back-filled past).
 */
export async function seedCrew(database: Database, world: World, crew: Crew): Promise<boolean> {
  const usernames = crew.members.map((m) => m.username);
  const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from users where username = any($1::varchar[])`, [usernames]);
  if (n >= usernames.length) return false;
  const brands = await database.query<{ id: number; account: string }>(
    `select id, brand_account as account from brands where brand_account = any($1::varchar[]) and deleted_at is null`,
    [world.brands.map((b) => b.account)],
  );
  const idOf = new Map(brands.map((b) => [b.account, b.id]));
  const brandId = (i: number | null) => (i === null ? null : (idOf.get(world.brands[i].account) ?? null));
  const { areaId, sites } = world;
  const hashes: string[] = [];
  for (const m of crew.members) hashes.push(await hashPassword(m.password));
  await database.tx(async (q) => {
    await q(
      `insert into clock_sites (name, area_id, brand_id, site_id, lon, lat, radius)
       select u.name, $1::varchar, u.brand, u.site, u.lon, u.lat, u.radius
         from unnest($2::varchar[], $3::int[], $4::varchar[], $5::float8[], $6::float8[], $7::int[]) as u(name, brand, site, lon, lat, radius)
        where not exists (select 1 from clock_sites c where c.area_id = $1::varchar and c.name = u.name and c.deleted_at is null)`,
      [
        areaId,
        crew.clockSites.map((c) => c.name),
        crew.clockSites.map((c) => brandId(c.brand)),
        crew.clockSites.map((c) => sites[c.site].id),
        crew.clockSites.map((c) => sites[c.site].lon),
        crew.clockSites.map((c) => sites[c.site].lat),
        crew.clockSites.map((c) => c.radius),
      ],
    );
    const c = CREW_CONFIG;
    await q(
      `insert into clock_configs (name, area_id, role_id, days, windows, clocks_per_window, late_minutes)
       select $1::varchar, $2::varchar, $3::int, $4::smallint[], $5::jsonb, $6::int, $7::int
        where not exists (select 1 from clock_configs where area_id = $2::varchar and name = $1::varchar and deleted_at is null)`,
      [c.name, areaId, c.roleId, c.days, JSON.stringify(c.windows), c.clocksPerWindow, c.lateMinutes],
    );
    // the people last: their presence marks a finished seed
    await q(
      `with u as (
         select * from unnest($2::varchar[], $3::text[], $4::varchar[], $5::int[], $6::varchar[], $7::int[]) as u(username, hash, name, brand, company, role)
       ), ins as (
         insert into users (username, password_hash, name, company, area_id, user_level, brand_id)
         select username, hash, name, company, $1::varchar, 1, brand from u
         on conflict (username) do nothing
         returning id, username
       )
       insert into user_roles (user_id, role_id) select ins.id, u.role from ins join u using (username) on conflict do nothing`,
      [
        areaId,
        usernames,
        hashes,
        crew.members.map((m) => m.name),
        crew.members.map((m) => brandId(m.brand)),
        crew.members.map((m) => (m.brand === null ? null : world.brands[m.brand].operation)),
        crew.members.map((m) => m.roleId),
      ],
    );
  });
  return true;
}

/**
 * The demo's history by default: from the 1st of the month before last to now, so that two whole
 * months and this one so far are back-filled and graded (评级考核 shows three months at once).
 */
export function historyDays(now: Date, tz: string): number {
  const day = localDay(now, tz);
  const first = `${previousPeriod(`${previousPeriod(day)}-01`)}-01`;
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

/** The months a back-fill from local day `from` to `now` covers whole, and this month so far: what gradeDemo grades. */
export function gradedPeriods(from: string, now: Date, tz: string): string[] {
  const current = localDay(now, tz).slice(0, 7);
  const periods: string[] = [current];
  for (let p = previousPeriod(`${current}-01`); `${p}-01` >= from; p = previousPeriod(`${p}-01`)) periods.unshift(p);
  return periods;
}

/**
 * The demo fleet was filed before its history begins: the filing time of its bikes moved back to
 * the back-fill's start (they are filed through the open API at the first start, which stamps now),
 * so that 数据接入率 (placed ÷ filed, day by day) has its denominator for the back-filled days.
 */
export async function fileBefore(database: Database, world: World, from: Date) {
  await database.query(
    `update bikes set filed_at = $2 where filed_at > $2 and brand_id in (select id from brands where brand_account = any($1::varchar[]) and deleted_at is null)`,
    [world.brands.map((b) => b.account), from],
  );
}

/**
 * After the back-fill: 海淀's months it covered whole graded, and this one so far, so that 企业考核
 * shows the demo's enterprises at once; the monthly job grades the next ones.
 */
export async function gradeDemo(database: Database, areaId: string, tz: string, periods: readonly string[], now: Date): Promise<void> {
  for (const period of periods) await assessArea(database, areaId, [areaId], period, tz, null, now);
}
