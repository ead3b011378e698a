import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, PageQuery, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { emptyBody, SelfArea } from '../../http/schemas.js';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { FeeAmount as Amount, FeeDay, FeeFilters, FeeRider } from './schemas.js';
import { feeList, feePages, feeRiders } from './fees.js';

const tags = ['站外还车扣费'];

const dayColumns: XlsxColumn<Static<typeof FeeDay>>[] = [
  { header: '日期', width: 14, value: (r) => r.date },
  { header: '企业', width: 20, value: (r) => r.brandName },
  { header: '站外还车次数', value: (r) => r.outSiteNum },
  { header: '扣费次数', value: (r) => r.feeNum },
  { header: '扣费金额（元）', value: (r) => Number(r.feeAmount) },
];

/** 站外还车扣费, under /api/bikeOutSiteFee (spec §7 Fees). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;

  // 按企业、按天汇总的站外还车扣费
  app.get(
    '/getFeeList',
    {
      config: needs('companyManagement'),
      schema: {
        tags,
        summary: '站外还车扣费列表',
        description: '按还车日与企业汇总站外还车的次数与企业上报的费用（还车位置所在区域），附全部筛选结果的合计。',
        querystring: Type.Object({ ...SelfArea, ...PageQuery, ...FeeFilters }),
        response: {
          200: Envelope(
            Type.Object({
              lists: Type.Array(FeeDay),
              total: Type.Integer(),
              sum: Type.Object({ outSiteNum: Type.Integer(), feeAmount: Amount }),
              startTime: Type.String(),
              endTime: Type.String(),
            }),
          ),
        },
      },
    },
    async (req) => ok(await feeList(database, req.auth, { ...req.query, ...pageOf(req.query) }, config.tz)),
  );

  // 某企业某天（或期间）的扣费用户明细
  app.get(
    '/getFeeUserDetails',
    {
      config: needs('companyManagement'),
      schema: {
        tags,
        summary: '站外还车扣费用户明细',
        description: '期间内每位骑行用户（手机号脱敏）的站外还车次数与扣费金额，金额从高到低。',
        querystring: Type.Object({ ...SelfArea, ...PageQuery, ...FeeFilters }),
        response: { 200: Envelope(Type.Object({ lists: Type.Array(FeeRider), total: Type.Integer() })) },
      },
    },
    async (req) => ok(await feeRiders(database, req.auth, { ...req.query, ...pageOf(req.query) }, config.tz)),
  );

  // 导出站外还车扣费（站外还车扣费.xlsx）：筛选同列表，JSON 正文或查询参数，正文优先
  app.post(
    '/exportBikeOutSideFeeList',
    {
      config: needs('company.export'),
      preValidation: emptyBody,
      schema: {
        tags,
        summary: '导出站外还车扣费',
        description: '文件 站外还车扣费.xlsx，行同 getFeeList 的全部页。',
        querystring: Type.Object({ ...SelfArea, ...FeeFilters }),
        body: Type.Object({ ...SelfArea, ...FeeFilters }, { description: '可省略：筛选也可放在查询参数' }),
      },
    },
    async (req, reply) => {
      const q = { ...req.query, ...req.body };
      return sendXlsx(reply, '站外还车扣费.xlsx', '站外还车扣费', dayColumns, feePages(database, req.auth, q, config.tz));
    },
  );
};
export default routes;
