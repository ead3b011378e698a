/**
 * The brand counts the minute snapshot keeps (brand_live_counts, shared/brandCounts.ts): after an
 * ingest and the job they equal a direct count of bike_live and bikes with the online cut at the job's
 * time; until the job runs the calls still give the last snapshot's; the big screen's brand figures
 * and the desk's calls (运营统计, 区域核准数量, 总量设置) give the same numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMinuteJobs } from '../../src/jobs/index.js';
import { runSnapshot } from '../../src/jobs/snapshot.js';
import { type Client, type TestContext } from '../support/app.js';
import { CY, HD, SITES, type StatsWorld, openStatsWorld, type StatsClients } from '../support/statsWorld.js';
import { Operator } from '../support/world.js';

let t: TestContext;
let w: StatsWorld;
let c: StatsClients;

beforeAll(async () => {
  ({ t, w, c } = await openStatsWorld());
  for (const [brandId, areaId, bikeNum, ebikeNum] of [
    [w.brands.mt, HD, 10, 5],
    [w.brands.hb, HD, 1, 2],
    [w.brands.hb, CY, 6, 0],
  ] as const) {
    const r = await c.admin.post('/api/bikeLimit/save', { brandId, areaId, bikeNum, ebikeNum });
    expect(r.body.code, r.body.message).toBe(200);
  }
});
afterAll(() => t.close());

interface Row {
  areaId: string;
  brandId: number;
  filedBike: number;
  filedEBike: number;
  onlineBike: number;
  onlineEBike: number;
  siteBike: number;
  siteEBike: number;
  illegalBike: number;
  illegalEBike: number;
}

const table = () =>
  t.database.query<Row>(
    `select area_id as "areaId", brand_id as "brandId", filed_bike as "filedBike", filed_ebike as "filedEBike",
            online_bike as "onlineBike", online_ebike as "onlineEBike", site_bike as "siteBike", site_ebike as "siteEBike",
            illegal_bike as "illegalBike", illegal_ebike as "illegalEBike"
       from brand_live_counts order by 1, 2`,
  );

/**
 * The same numbers counted bike by bike from the source tables, with the online cut at `since`:
 * filed bikes by their last report's area, filed bikes with no live row by their brand's registering
 * area; online: filed bikes only (never filed ones are illegal, counted apart); in sites: the online
 * filed bikes parked in a (live) site, by the site's area.
 */
const direct = (since: Date) =>
  t.database.query<Row>(
    `select area_id as "areaId", brand_id as "brandId", sum(fb)::int as "filedBike", sum(fe)::int as "filedEBike",
            sum(ob)::int as "onlineBike", sum(oe)::int as "onlineEBike", sum(sb)::int as "siteBike", sum(se)::int as "siteEBike",
            sum(ib)::int as "illegalBike", sum(ie)::int as "illegalEBike"
       from (
         select l.area_id, l.brand_id,
                (l.legality = 0 and l.bike_type = 0)::int as fb, (l.legality = 0 and l.bike_type = 1)::int as fe,
                (l.legality = 0 and l.reported_at >= $1 and l.bike_type = 0)::int as ob,
                (l.legality = 0 and l.reported_at >= $1 and l.bike_type = 1)::int as oe,
                0 as sb, 0 as se,
                (l.legality = 1 and l.reported_at >= $1 and l.bike_type = 0)::int as ib,
                (l.legality = 1 and l.reported_at >= $1 and l.bike_type = 1)::int as ie
           from bike_live l
         union all
         select br.area_id, k.brand_id, (k.bike_type = 0)::int, (k.bike_type = 1)::int, 0, 0, 0, 0, 0, 0
           from bikes k join brands br on br.id = k.brand_id left join bike_live l on l.bike_id = k.bike_id
          where l.bike_id is null and k.withdrawn_at is null
         union all
         select s.area_id, l.brand_id, 0, 0, 0, 0, (l.bike_type = 0)::int, (l.bike_type = 1)::int, 0, 0
           from bike_live l join sites s on s.id = l.site_id and s.deleted_at is null
          where l.status = 1 and l.legality = 0 and l.reported_at >= $1
       ) x
      group by 1, 2
      order by 1, 2`,
    [since.toISOString()],
  );

const stale = () => t.app.ctx.config.staleHours * 3600_000;

async function data(client: Client, path: string, selfAreaId: string) {
  const r = await client.get(`/api${path}`, { selfAreaId });
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data;
}

describe('brand_live_counts', () => {
  it('after an ingest the calls keep the last snapshot’s counts; after the minute job the table equals a direct count of bike_live', async () => {
    const now0 = new Date();
    expect(await table()).toEqual(await direct(new Date(w.buildEndedAt.getTime() - stale())));
    const before = await data(c.hd, '/statistics/brandPercent', HD);
    const verify = await data(c.cy, '/statistics/areaVerify', CY);
    // 美团 files MB8 and parks it in S5 (海淀); MB6 (never reported) reports in S5 too; 哈啰 runs an
    // illegal e-bike HX2 off-site in 朝阳
    const mt = await new Operator(t.app, 'mt').login();
    const hb = await new Operator(t.app, 'hb').login();
    expect((await mt.post('/bikes', [{ bikeId: 'MB8', bikeType: 0, licenseCode: '京AMB8' }])).status).toBe(200);
    const at = new Date(now0.getTime() - 5_000).toISOString();
    const s5 = { lon: SITES.S5.lon, lat: SITES.S5.lat };
    const r1 = await mt.post('/bikes/status', [
      { bikeId: 'MB8', status: 1, ...s5, reportedAt: at },
      { bikeId: 'MB6', status: 1, ...s5, reportedAt: at },
    ]);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    const r2 = await hb.post('/bikes/status', [{ bikeId: 'HX2', bikeType: 1, status: 1, lon: 116.46, lat: 39.91, reportedAt: at }]);
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);

    // not counted until the snapshot: the numbers are as of the last one
    expect(await data(c.hd, '/statistics/brandPercent', HD)).toEqual(before);
    expect(await data(c.cy, '/statistics/areaVerify', CY)).toEqual(verify);

    const jobAt = new Date();
    await runMinuteJobs(w.ctx, jobAt);
    const rows = await table();
    expect(rows).toEqual(await direct(new Date(jobAt.getTime() - stale())));
    // what moved, by hand: 美团 in 海淀 one more filed bicycle (MB8; MB6 moves from "never reported" in
    // 海淀 to S5 in 海淀), two more online and in sites; 哈啰 in 朝阳 one illegal e-bike, counted apart
    // (abnormal), not online (online counts filed bikes only)
    const after = await data(c.hd, '/statistics/brandPercent', HD);
    const m0 = before.lists.find((b: { brandName: string }) => b.brandName === '美团');
    const m1 = after.lists.find((b: { brandName: string }) => b.brandName === '美团');
    expect([m1.PutBikeNum, m1.BrandBikeNum, m1.SiteBikeNum]).toEqual([m0.PutBikeNum + 1, m0.BrandBikeNum + 2, m0.SiteBikeNum + 2]);
    expect(after.SiteBikeNum).toBe(before.SiteBikeNum + 2);
    const h0 = verify.lists.find((b: { brandName: string }) => b.brandName === '哈啰');
    const h1 = (await data(c.cy, '/statistics/areaVerify', CY)).lists.find((b: { brandName: string }) => b.brandName === '哈啰');
    expect([h1.onlineEBikeNum, h1.abnormal, h1.filedEBikeNum]).toEqual([h0.onlineEBikeNum, h0.abnormal + 1, h0.filedEBikeNum]);
  });

  it('evaluates the online cut at the job’s time: a snapshot after STALE_HOURS counts nobody online, the filed stay', async () => {
    const late = new Date(Date.now() + stale() + 60_000);
    await runSnapshot(w.ctx, late);
    const rows = await table();
    expect(rows).toEqual(await direct(new Date(late.getTime() - stale())));
    expect(rows.every((r) => r.onlineBike === 0 && r.onlineEBike === 0 && r.illegalBike === 0 && r.illegalEBike === 0)).toBe(true);
    expect(rows.reduce((n, r) => n + r.filedBike + r.filedEBike, 0)).toBeGreaterThan(0);
    // back to now for the next test
    const now = new Date();
    await runSnapshot(w.ctx, now);
    expect(await table()).toEqual(await direct(new Date(now.getTime() - stale())));
  });

  it('the big screen’s brand figures equal the desk’s calls, brand by brand and in total, in 海淀 and 朝阳', async () => {
    for (const [client, area] of [
      [c.hd, HD],
      [c.cy, CY],
      [c.admin, HD],
    ] as const) {
      const screen: Record<string, number>[] = await data(client, '/dashboard/brandBike', area);
      const desk: Record<string, number>[] = (await data(client, '/indexPage/getAreaBrandList', area)).lists;
      const percent = await data(client, '/statistics/brandPercent', area);
      const verify: Record<string, number>[] = (await data(client, '/statistics/areaVerify', area)).lists;
      const total = await data(client, '/indexPage/getAreaTotalNumber', area);
      const counted = screen.filter((s) => s.onlineBikeNum + s.onlineEBikeNum + s.filedBikeNum + s.filedEBikeNum + s.siteBikeNum + s.siteEBikeNum > 0);
      expect(counted.length).toBeGreaterThan(0);
      // every brand with bikes on the big screen is on the desk with the same numbers
      for (const s of counted) {
        const d = desk.find((x) => x.brandId === s.brandId)!;
        const v = verify.find((x) => x.brandId === s.brandId)!;
        expect(d, `${area} brand ${s.brandId}`).toBeDefined();
        expect([d.filedBikeNum, d.filedEBikeNum, d.onlineBikeNum, d.onlineEBikeNum, d.siteBikeNum, d.siteEBikeNum, d.bikeNum, d.ebikeNum]).toEqual([
          s.filedBikeNum,
          s.filedEBikeNum,
          s.onlineBikeNum,
          s.onlineEBikeNum,
          s.siteBikeNum,
          s.siteEBikeNum,
          s.approvedBikeNum,
          s.approvedEBikeNum,
        ]);
        expect(v.abnormal).toBe(s.illegalNum);
      }
      // and no brand counted on the desk is missing from the big screen
      for (const d of desk) {
        if (d.filedBikeNum + d.filedEBikeNum + d.onlineBikeNum + d.onlineEBikeNum + d.siteBikeNum + d.siteEBikeNum > 0) {
          expect(counted.some((s) => s.brandId === d.brandId)).toBe(true);
        }
      }
      const sum = (k: string) => screen.reduce((n, s) => n + s[k], 0);
      expect([percent.PutBikeNum, percent.PutEBikeNum, percent.BrandBikeNum, percent.BrandEBikeNum, percent.SiteBikeNum, percent.SiteEBikeNum]).toEqual([
        sum('filedBikeNum'),
        sum('filedEBikeNum'),
        sum('onlineBikeNum'),
        sum('onlineEBikeNum'),
        sum('siteBikeNum'),
        sum('siteEBikeNum'),
      ]);
      expect([total.filedBikeNum, total.onlineBikeNum, total.siteBikeNum, total.onlineEBikeNum]).toEqual([
        sum('filedBikeNum'),
        sum('onlineBikeNum'),
        sum('siteBikeNum'),
        sum('onlineEBikeNum'),
      ]);
    }
  });
});
