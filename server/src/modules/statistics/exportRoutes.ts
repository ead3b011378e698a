/** Statistics downloads (.xlsx, streamed): site ranking, bikes, rent/return and dispatch request logs. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { needs } from '../../http/auth.js';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { formatTime } from '../../domain/time.js';
import { timeRange } from '../../http/timeRange.js';
import { bikeColumns } from './bikeExport.js';
import type { LogKind, LogRow } from './logs.js';
import type { RankRow } from './rank.js';
import { bikePages, logPages, siteRanking } from './repo.js';
import { windowOf } from './window.js';
import * as stats from './service.js';
import { BikeOutQuery, LogOutQuery, RankOutQuery } from './schemas.js';

const tags = ['统计'];
const exportOp = needs('operation.export');
const RESULT_TEXT: Record<string, string> = { ok: '成功', partial: '部分成功', failed: '失败' };

const rankColumns: XlsxColumn<RankRow>[] = [
  { header: '排名', width: 8, value: (r) => r.rank },
  { header: '站点编号', width: 18, value: (r) => r.siteId },
  { header: '站点名称', width: 28, value: (r) => r.siteName },
  { header: '租车数', value: (r) => r.rentNum },
  { header: '还车数', value: (r) => r.returnNum },
  { header: '上架数', value: (r) => r.upNum },
  { header: '下架数', value: (r) => r.downNum },
];

const logColumns = (tz: string): XlsxColumn<LogRow>[] => [
  { header: '时间', width: 22, value: (r) => formatTime(r.at, tz) },
  { header: '企业', width: 16, value: (r) => r.brandName ?? '' },
  { header: '接口', width: 18, value: (r) => r.endpoint },
  { header: '提交条数', value: (r) => r.itemCount },
  { header: '接收条数', value: (r) => r.accepted },
  { header: '拒绝条数', value: (r) => r.rejected },
  { header: '结果', value: (r) => RESULT_TEXT[r.result] ?? r.result },
  { header: '耗时(毫秒)', value: (r) => r.durationMs },
  {
    header: '说明',
    width: 60,
    value: (r) => r.detail?.error ?? (r.detail?.rejected ?? []).map((x) => `#${x.index}${x.id ? ` ${x.id}` : ''}：${x.reason}`).join('；'),
  },
];

async function* once<T>(rows: T[]): AsyncIterable<T[]> {
  if (rows.length) yield rows;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const tz = config.tz;

  // 导出站点排名（站点排名分析.xlsx），参数同站点排名，actionOrder 优先于 orderBy
  app.get(
    '/siteRankAllOut',
    { config: needs('home.export', 'operation.export'), schema: { tags, summary: '导出站点排名', querystring: RankOutQuery } },
    async (req, reply) => {
      const q = req.query;
      const w = windowOf(q, tz);
      const r = await siteRanking(database, w, { ...req.auth.scope(), siteType: q.siteType ?? 0, orderBy: q.actionOrder ?? q.orderBy ?? 'rent' }, tz);
      return sendXlsx(reply, '站点排名分析.xlsx', `站点排名 ${w.label}`, rankColumns, once(r.rows));
    },
  );

  // 导出车辆统计（车辆统计.xlsx）：区域内车辆的品牌、类型、状态、站点、位置与最后上报时间
  app.get('/bikeOut', { config: exportOp, schema: { tags, summary: '导出车辆统计', querystring: BikeOutQuery } }, async (req, reply) => {
    const { areaIds, brandId } = req.auth.scope();
    const pages = bikePages(database, {
      areaIds,
      ownBrand: brandId,
      brandIds: stats.brandIdList(req.query.brandIds),
      legality: req.query.legality,
    });
    return sendXlsx(reply, '车辆统计.xlsx', '车辆统计', bikeColumns(tz), pages);
  });

  const logExport = (kind: LogKind, url: string, summary: string, fileName: string) =>
    app.get(url, { config: exportOp, schema: { tags, summary, querystring: LogOutQuery } }, async (req, reply) => {
      const q = req.query;
      const { from, to } = timeRange(q, tz);
      const pages = logPages(database, kind, {
        ...req.auth.scope(),
        filterBrandId: q.brandId,
        result: q.result,
        from,
        to,
      });
      return sendXlsx(reply, fileName, fileName.replace(/\.xlsx$/, ''), logColumns(tz), pages);
    });

  // 导出租还请求日志（租还请求日志.xlsx）
  logExport('request', '/reqLogOut', '导出租还请求日志', '租还请求日志.xlsx');
  // 导出调度请求日志（调度请求日志.xlsx）
  logExport('dispatch', '/dispatchRequestLogOut', '导出调度请求日志', '调度请求日志.xlsx');
};
export default routes;
