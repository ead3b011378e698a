/**
 * Calls of the desk screen 运营统计 (#/operation, issue 15) that the big screen's calls do not give:
 * rents and returns per brand and bike type (flows.ts), the most unbalanced sites of a window
 * (the site ranking ordered by |rents − returns|, with the sites' centres for the map), and the
 * rent/return spreadsheet with the export dialog's chosen hours or days.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { SelfArea } from '../../http/schemas.js';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { chosenSlots } from '../../shared/slots.js';
import { flowRows, flows } from './flows.js';
import { siteCentres, siteRanking } from './repo.js';
import { windowOf } from './window.js';
import { Day, FlowQuery, Hour, Month, RankQuery, Year } from './schemas.js';

const tags = ['运营统计'];
const read = needs('operation');
const Int = (description: string) => Type.Integer({ description });
const Ints = (description: string) => Type.Array(Type.Integer(), { description });

const FlowData = Type.Object({
  granularity: Type.String({ description: 'day（逐时）或 month（逐日）' }),
  label: Type.String({ description: 'yyyy-MM-dd 或 yyyy-MM' }),
  slots: Ints('时段：小时 0~23，或日 1~n'),
  lists: Type.Array(
    Type.Object({
      brandId: Int('企业（品牌）编号'),
      brandName: Type.String({ description: '品牌名称' }),
      bikeType: Int('0 自行车, 1 电动车'),
      rent: Ints('各时段租车数（与 slots 对齐）'),
      ret: Ints('各时段还车数'),
      rentTotal: Int('租车合计'),
      returnTotal: Int('还车合计'),
    }),
    { description: '每个品牌、车型一行（区域内的品牌都在，无数据为 0）' },
  ),
  rent: Ints('全部品牌各时段租车数'),
  ret: Ints('全部品牌各时段还车数'),
  rentTotal: Int('租车合计（与大屏潮汐曲线的日合计 / 月合计相同）'),
  returnTotal: Int('还车合计'),
});

const TidalSitesQuery = Type.Object({
  ...SelfArea,
  year: Type.Optional(Year),
  month: Type.Optional(Month),
  day: Type.Optional(Day),
  hour: Type.Optional(Hour),
  dateTime: RankQuery.properties.dateTime,
  siteType: RankQuery.properties.siteType,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100, description: '返回的站点数（1~500）' })),
});

const TidalSitesData = Type.Object({
  lists: Type.Array(
    Type.Object({
      rank: Int('名次（按 |租车 − 还车| 降序）'),
      siteId: Type.String({ description: '站点编号' }),
      siteName: Type.String({ description: '站点名称' }),
      lon: Type.Number({ description: '站点中心经度（GCJ-02）' }),
      lat: Type.Number({ description: '站点中心纬度' }),
      rentNum: Int('租车数'),
      returnNum: Int('还车数'),
      net: Int('租车 − 还车：正数为车辆流出（缺车），负数为流入（积压）'),
    }),
    { description: '时段内有租还的站点中最不平衡的若干个' },
  ),
  timeLabel: Type.String({ description: '统计时段 yyyy、yyyy-MM、yyyy-MM-dd 或 yyyy-MM-dd HH' }),
  granularity: Type.String({ description: 'hour / day / month / year' }),
});

type FlowRow = ReturnType<typeof flowRows>[number];
const flowColumns: XlsxColumn<FlowRow>[] = [
  { header: '时间', width: 18, value: (r) => r.time },
  { header: '品牌', width: 16, value: (r) => r.brandName },
  { header: '车型', value: (r) => r.bikeType },
  { header: '租车数', value: (r) => r.rent },
  { header: '还车数', value: (r) => r.ret },
  { header: '租还差', value: (r) => r.net },
];

async function* once<T>(rows: T[]): AsyncIterable<T[]> {
  yield rows;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;

  // 租还统计：各品牌、车型某日每小时或某月每天的租车数与还车数
  app.get(
    '/rentReturn',
    {
      config: read,
      schema: {
        tags,
        summary: '各品牌租还统计（逐时 / 逐日）',
        description: '给 day 为该日 0~23 时，否则为该月每天；取自骑行订单（同大屏潮汐曲线），站外租还也计入区域。',
        querystring: FlowQuery,
        response: { 200: Envelope(FlowData) },
      },
    },
    async (req) => ok(await flows(database, req.auth.scope(), req.query, tz)),
  );

  // 导出租还统计（导出对话框勾选的小时或日）
  app.get(
    '/rentReturnOut',
    {
      config: needs('operation.export'),
      schema: {
        tags,
        summary: '导出租还统计',
        description: '文件 租还统计.xlsx：每个时段、品牌、车型一行；group 为勾选的小时（0-23）或日（1-31），逗号分隔，缺省为全部。',
        querystring: Type.Object({ ...FlowQuery.properties, group: Type.Optional(Type.String({ maxLength: 200, description: '逗号分隔的小时或日' })) }),
      },
    },
    async (req, reply) => {
      const q = req.query;
      const chosen = q.day !== undefined ? chosenSlots(q.group, 0, 23) : chosenSlots(q.group, 1, 31);
      const f = await flows(database, req.auth.scope(), q, tz);
      return sendXlsx(reply, '租还统计.xlsx', '租还统计', flowColumns, once(flowRows(f, chosen)));
    },
  );

  // 潮汐站点：时段内租还最不平衡的站点（租车 − 还车），含站点中心坐标
  app.get(
    '/tidalSites',
    {
      config: read,
      schema: {
        tags,
        summary: '潮汐站点（租还差排名）',
        description: '与站点排名同一查询（日表、月表、小时统计与最近两小时的订单），按 |租车 − 还车| 降序；不缓存。',
        querystring: TidalSitesQuery,
        response: { 200: Envelope(TidalSitesData) },
      },
    },
    async (req) => {
      const q = req.query;
      const w = windowOf(q, tz);
      const r = await siteRanking(database, w, { ...req.auth.scope(), siteType: q.siteType ?? 0, orderBy: 'net', limit: q.limit ?? 100 }, tz);
      const rows = r.rows.filter((x) => x.rentNum !== x.returnNum);
      const at = new Map(
        (
          await siteCentres(
            database,
            rows.map((x) => x.siteId),
          )
        ).map((c) => [c.siteId, c]),
      );
      return ok({
        lists: rows.map((x, i) => ({
          rank: i + 1,
          siteId: x.siteId,
          siteName: x.siteName,
          lon: at.get(x.siteId)?.lon ?? 0,
          lat: at.get(x.siteId)?.lat ?? 0,
          rentNum: x.rentNum,
          returnNum: x.returnNum,
          net: x.rentNum - x.returnNum,
        })),
        timeLabel: w.label,
        granularity: w.granularity,
      });
    },
  );
};
export default routes;
