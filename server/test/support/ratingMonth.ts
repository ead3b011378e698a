/**
 * A month built by hand for the rating evaluation's tests (2026-09 in 海淀, two enterprises): the
 * daily rollups (placed and filed), ride orders, work orders and alerts from which every figure of
 * domain/rating.ts MEASURES is known in advance. Used by server/test/api/examineAssess.test.ts and
 * the browser test e2e/rating.e2e.ts (written into a stopped server's database).
 *
 * 美团: 95.0 % access, within its 1,000 quota, 10 % of 100 rides returned off-site, 2 of 4 orders in
 * time (median 50 min), 2 alerts at non-allowed sites, 1 faulty bike open over 24 h.
 * 哈啰: 88.0 % access, 880 placed against 800 approved (10 % over), 30 % of 50 rides off-site, no
 * orders, 3 illegal bikes. 美团 has a MAC rule and one bike its piles heard that it did not report
 * (哈啰 has no rule: not measured).
 */
import { dayStart } from '../../src/domain/time.js';

type Query = (sql: string, params?: unknown[]) => Promise<unknown>;

export const HD = '110108';
const CY = '110105';
const TZ = 'Asia/Shanghai';
export const PERIOD = '2026-09';

/** a local time of the month: day d, hour h */
const at = (d: number, h = 10, m = 0) => new Date(dayStart(`2026-09-${String(d).padStart(2, '0')}`, TZ).getTime() + (h * 60 + m) * 60_000);

export async function seedRatingMonth(q: Query, { MT, HB }: { MT: number; HB: number }) {
  await q(`insert into brand_quotas (brand_id, area_id, bike_quota, ebike_quota) values ($1, $3, 1000, 0), ($2, $3, 600, 200)`, [MT, HB, HD]);
  // every day of September: 美团 950 placed of 1000 filed (95.0 %), 哈啰 880 of 1000 (88.0 %, 10 % over its 800)
  for (let d = 1; d <= 30; d++) {
    const day = `2026-09-${String(d).padStart(2, '0')}`;
    await q(
      `insert into stats_daily (day, area_id, brand_id, bike_type, online_num, site_num, filed_num) values ($1, $2, $3, 0, 950, 700, 1000), ($1, $2, $4, 0, 880, 600, 1000)`,
      [day, HD, MT, HB],
    );
  }
  // rides rented in September: 美团 100 (10 returned outside a site), 哈啰 50 (15 outside); one in August and one not returned do not count
  const ride = (brand: number, n: number, out: boolean, rent: Date, returned = true) =>
    q(
      `insert into ride_orders (brand_id, order_id, bike_id, bike_type, area_id, rent_at, return_at, out_site_return)
       select $1, $2 || g, 'B' || g, 0, $3, $4, case when $6 then $4::timestamptz + interval '10 minutes' end, $5 from generate_series(1, $7) g`,
      [brand, `${brand}-${out}-${rent.getTime()}-`, HD, rent, out, returned, n],
    );
  await ride(MT, 90, false, at(3));
  await ride(MT, 10, true, at(4));
  await ride(HB, 35, false, at(5));
  await ride(HB, 15, true, at(6));
  await ride(MT, 5, true, new Date(at(1).getTime() - 86_400_000));
  await ride(HB, 3, true, at(7), false);
  // work orders of 美团 created in September, 60 minutes each: answered after 30, 50 and 90 minutes, one never
  const order = (created: Date, answeredMin: number | null) =>
    q(
      `insert into work_orders (order_type, area_id, brand_id, place, title, state, opened_by, created_at, deadline_at, answered_at, updated_at)
       values (8, $1, $2, 'area', '测试', $3, 'regulator', $4, $4::timestamptz + interval '60 minutes', $5, $4)`,
      [HD, MT, answeredMin === null ? 1 : 3, created, answeredMin === null ? null : new Date(created.getTime() + answeredMin * 60_000)],
    );
  await order(at(2), 30);
  await order(at(8), 50);
  await order(at(9), 90);
  await order(at(10), null);
  // alerts: 美团 two at non-allowed sites and one faulty bike left open from the 5th, one fixed after 10 hours; 哈啰 three illegal bikes
  const alert = (type: number, brand: number, created: Date, closed: Date | null, bike: string) =>
    q(
      `insert into abnormal_messages (abnormal_type, brand_id, bike_id, area_id, subject, created_at, updated_at, closed_at)
       values ($1, $2, $3, $4, '测试', $5, coalesce($6, now()), $6)`,
      [type, brand, bike, HD, created, closed],
    );
  await alert(8, MT, at(11), at(11, 12), 'MT8A');
  await alert(8, MT, at(12), at(12, 12), 'MT8B');
  await alert(5, MT, at(5), null, 'MT5A');
  await alert(5, MT, at(6), at(6, 20), 'MT5B');
  for (const b of ['HB7A', 'HB7B', 'HB7C']) await alert(7, HB, at(14), at(15), b);
  // an illegal bike in 朝阳 is not 海淀's
  await alert(7, HB, at(14), at(15), 'HB7CY');
  await q(`update abnormal_messages set area_id = $1 where bike_id = 'HB7CY'`, [CY]);
  await q(`insert into mac_rules (kind, brand_id, name_prefix, name_length, bike_id_prefix, bike_id_length) values (2, $1, 'E0B6F5', 12, 'MT', 8)`, [MT]);
  await q(
    `insert into not_uploaded_bikes (kind, brand_id, bike_id, mac, site_id, area_id, first_heard_at, last_heard_at)
     values (2, $1, 'MT000001', 'E0B6F5000001', 'S1', $2, $3, $3), (2, $1, 'MT000002', 'E0B6F5000002', 'S1', $2, $4, $4)`,
    [MT, HD, at(20), new Date(at(1).getTime() - 86_400_000)],
  );
}
