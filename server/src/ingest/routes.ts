/** Open API v1: operators and pile gateways push data with a token; answers carry real HTTP statuses. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import rateLimit from '@fastify/rate-limit';
import { Envelope, httpError } from '../http/envelope.js';
import { issueToken, OperatorCache, type Operator } from './auth.js';
import { writeSyncLog, type SyncKind } from '../shared/syncLog.js';
import * as v from './validate.js';
import { idField, partition, type Checked, type Indexed, type Rejection } from '../shared/itemCheck.js';
import { recordAbnormal } from './write/abnormal.js';
import { checkFiling, writeFilings } from '../shared/bikeFiling.js';
import { writeWithdrawals } from './write/filings.js';
import { writeStatus } from './write/status.js';
import { writeOrders } from './write/orders.js';
import { writeDispatches } from './write/dispatches.js';
import { writeScans } from './write/scans.js';
import { listSitesForOperator } from './sites.js';
import { workOrderRoutes } from './workOrders.js';

const tags = ['开放接口 v1'];
const MAX_BODY = 8 * 1024 * 1024;
const MAX_IN_FLIGHT = 32;

/** The batch body; items are checked one by one in the handler (a bad item never fails the batch), so their fields are documented, not validated here. */
const batchBody = (fields: string, examples: unknown[]) =>
  Type.Object({ items: Type.Array(Type.Unknown({ description: fields }), { description: `最多 ${v.MAX_ITEMS} 条` }) }, { examples: [{ items: examples }] });
const BatchResult = Envelope(
  Type.Object({
    accepted: Type.Integer({ description: '已接收（持久化）的条数，重复提交的条目也计为已接收' }),
    rejected: Type.Array(Type.Object({ index: Type.Integer(), id: Type.Union([Type.String(), Type.Null()]), reason: Type.String() })),
  }),
);
const batchResponses = { 200: BatchResult, 400: BatchResult, 403: BatchResult };

interface BatchSpec<T> {
  path: string;
  method: 'POST' | 'DELETE';
  kind: SyncKind;
  summary: string;
  description: string;
  who: 'brand' | 'gateway';
  /** Example items of the request body (the OpenAPI example). */
  example: unknown[];
  /** The item's fields, for the OpenAPI document (Markdown list). */
  fields: string;
  check(item: unknown, now: number): Checked<T>;
  idOf(item: unknown): string | null;
  write(op: Operator, items: Indexed<T>[]): Promise<Rejection[]>;
  /** Abnormal type of a failed sync item (9 return, 10 rent, 11 up, 12 down), when it has one. */
  failedType?(item: unknown): number | null;
}

const field = (item: unknown, name: string) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[name] : undefined);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, geo, config } = app.ctx;
  const operators = new OperatorCache(database);
  let inFlight = 0;

  await app.register(rateLimit, {
    max: config.openRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (req) => operators.rateKey(req), // per operator, not per token (issue 16)
    errorResponseBuilder: (_req, ctx) => httpError(429, `请求过于频繁，请 ${Math.ceil(ctx.ttl / 1000)} 秒后再试`),
  });

  app.addHook('onRequest', async (req, reply) => {
    if (inFlight >= MAX_IN_FLIGHT) {
      reply.header('retry-after', '1');
      throw httpError(503, '服务繁忙，请稍后重试');
    }
    inFlight++;
    let released = false;
    const release = () => {
      if (!released) inFlight--;
      released = true;
    };
    reply.raw.once('close', release);
    if (req.routeOptions.url === '/api/open/v1/token') return;
    req.operator = await operators.resolve(req);
  });

  // 获取 token：企业账号（brandAccount）或桩网关账号
  app.post(
    '/token',
    {
      schema: {
        tags,
        summary: '获取访问令牌',
        security: [],
        body: Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }), password: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(Type.Object({ token: Type.String(), expiresIn: Type.Integer({ description: '秒' }) })) },
      },
    },
    async (req) => ({ code: 200, message: '认证成功', data: await issueToken(database, req.body.account, req.body.password, req.ip) }),
  );

  const batch = <T>(spec: BatchSpec<T>) =>
    app.route({
      method: spec.method,
      url: spec.path,
      bodyLimit: MAX_BODY,
      schema: {
        tags,
        summary: spec.summary,
        description: `${spec.description}\n\n条目字段：\n\n${spec.fields}\n\n每条单独校验：全部有效 → 200；部分无效 → 400（有效条目已保存）；含其他企业的车辆 → 403。最多 ${v.MAX_ITEMS} 条、8 MiB，超出 → 413。重复提交同一条目按已接收处理，不会重复保存。`,
        body: batchBody(spec.fields, spec.example),
        response: batchResponses,
      },
      handler: async (req, reply) => {
        const startedAt = performance.now();
        const op = req.operator;
        if (spec.who === 'brand' && op.brandId === null) throw httpError(403, '该接口仅供企业账号调用');
        if (spec.who === 'gateway' && op.gatewayId === null) throw httpError(403, '该接口仅供桩网关账号调用');
        const items = (req.body as { items: unknown[] }).items;
        if (items.length > v.MAX_ITEMS) throw httpError(413, `一次最多提交 ${v.MAX_ITEMS} 条，本次 ${items.length} 条，请分批提交`);
        const now = Date.now();
        const { valid, rejected } = partition(items, (i) => spec.check(i, now), spec.idOf);
        let refused: Rejection[];
        try {
          refused = valid.length ? await spec.write(op, valid) : [];
        } catch (e) {
          await writeSyncLog(database, op, {
            kind: spec.kind,
            endpoint: `${spec.method} ${spec.path}`,
            itemCount: items.length,
            accepted: 0,
            rejected,
            startedAt,
            error: (e as Error).message,
          }).catch(() => {});
          throw e;
        }
        const all = [...rejected, ...refused].sort((a, b) => a.index - b.index);
        if (spec.failedType && all.length) await recordFailedSync(op, spec, items, all);
        const accepted = items.length - all.length;
        await writeSyncLog(database, op, {
          kind: spec.kind,
          endpoint: `${spec.method} ${spec.path}`,
          itemCount: items.length,
          accepted,
          rejected: all,
          startedAt,
        });
        const status = refused.some((r) => r.forbidden) ? 403 : all.length ? 400 : 200;
        const message = status === 200 ? `已接收 ${accepted} 条` : `已接收 ${accepted} 条，拒绝 ${all.length} 条`;
        return reply.status(status).send({ code: status, message, data: { accepted, rejected: all.map(({ index, id, reason }) => ({ index, id, reason })) } });
      },
    });

  /** Request anomalies: an operator's rent, return, up or down record that failed to sync. */
  const recordFailedSync = async <T>(op: Operator, spec: BatchSpec<T>, items: unknown[], failed: Rejection[]) => {
    const at = new Date();
    await recordAbnormal(
      database,
      failed.flatMap((r) => {
        const type = spec.failedType!(items[r.index]);
        if (!type) return [];
        const bikeId = field(items[r.index], 'bikeId');
        return [
          {
            type,
            brandId: op.brandId,
            bikeId: typeof bikeId === 'string' ? bikeId.slice(0, 32) : null,
            siteId: null,
            areaId: op.areaId,
            lon: null,
            lat: null,
            subject: `sync:${op.brandId}:${spec.path}:${r.id ?? `#${r.index}@${at.getTime()}`}:${type}`.slice(0, 80),
            detail: r.reason,
            at,
          },
        ];
      }),
    );
  };

  const brandOf = (op: Operator) => ({ id: op.brandId!, areaId: op.areaId });
  const now = new Date().toISOString();

  // 车辆备案：新增或更新本企业车辆
  batch({
    path: '/bikes',
    method: 'POST',
    kind: 'bike',
    who: 'brand',
    summary: '车辆备案',
    description: '备案或更新本企业车辆（bikeType 0 自行车，1 电动车）。',
    example: [{ bikeId: 'MT0000001', bikeType: 0, frameCode: 'F123', imeiCode: '860000000000001', licenseCode: '京A00001', bikeMac: 'AA:BB:CC:00:00:01' }],
    fields: [
      '- `bikeId` 车辆编号，1-32 位字母、数字或 _ . : -（必填）',
      '- `bikeType` 0 自行车，1 电动车（必填）',
      '- `frameCode` 车架号，≤ 64 字符；`imeiCode` IMEI，≤ 32 字符；`licenseCode` 车牌号，≤ 32 字符（可选）',
      '- `bikeMac` 车锁蓝牙 MAC，≤ 32 字符（可选，蓝牙桩按它匹配车辆）',
    ].join('\n'),
    check: (i) => checkFiling(i),
    idOf: idField('bikeId'),
    write: (op, items) => writeFilings(database, op.brandId!, items),
  });

  // 撤销备案
  batch({
    path: '/bikes',
    method: 'DELETE',
    kind: 'bike',
    who: 'brand',
    summary: '撤销备案',
    description: '撤销本企业车辆的备案；之后该车上报视为非法车辆。',
    example: [{ bikeId: 'MT0000001' }],
    fields: '- `bikeId` 车辆编号（必填）',
    check: (i) => v.checkWithdrawal(i),
    idOf: idField('bikeId'),
    write: (op, items) => writeWithdrawals(database, op.brandId!, items),
  });

  // 车辆状态：位置与停放/骑行状态
  batch({
    path: '/bikes/status',
    method: 'POST',
    kind: 'bike',
    who: 'brand',
    summary: '车辆状态上报',
    description: '车辆实时位置与状态（1 停放，2 骑行中）。较旧的上报不会覆盖较新的状态；站点归属由平台按位置判定。企业可用 fault 标记故障车辆（异常类型 5）。',
    example: [
      { bikeId: 'MT0000001', status: 1, lon: 116.3105, lat: 39.9834, coord: 'gcj02', reportedAt: now },
      { bikeId: 'MT0000002', status: 1, lon: 116.3107, lat: 39.9835, coord: 'gcj02', reportedAt: now, fault: true, faultReason: '刹车失灵' },
    ],
    fields: [
      '- `bikeId` 车辆编号（必填）',
      '- `status` 1 停放，2 骑行中（必填）',
      '- `lon`、`lat` 经纬度（必填）；`coord` 坐标系 gcj02（默认）、wgs84 或 bd09',
      '- `reportedAt` 上报时间：带时区的 ISO 8601 或毫秒时间戳（必填，不得超前 5 分钟以上）',
      '- `bikeType` 0 自行车，1 电动车（可选，未备案车辆时使用）',
      `- \`fault\` 布尔值，可选：true 表示企业判定该车故障（故障车辆，异常类型 5）。平台为该车开启一条故障车辆异常消息，故障持续期间重复上报只刷新该消息；该车之后一次不带 fault（或 fault 为 false）的较新上报即关闭该消息。较旧的上报不影响故障状态。`,
      `- \`faultReason\` 故障说明，≤ ${v.FAULT_REASON_MAX} 字符，可选，仅在 fault 为 true 时填写，写入异常消息详情`,
    ].join('\n'),
    check: (i, n) => v.checkStatus(i, n),
    idOf: idField('bikeId'),
    write: async (op, items) => writeStatus(database, await geo.fresh(), brandOf(op), items),
  });

  // 订单：租车与还车事件
  batch({
    path: '/orders',
    method: 'POST',
    kind: 'request',
    who: 'brand',
    summary: '骑行订单（租还车）',
    description: '租车（rent）与还车（return）事件；站外还车、满桩还车由平台判定并告警。fee 单位为分。',
    example: [{ orderId: 'O20261121000001', bikeId: 'MT0000001', event: 'return', at: now, lon: 116.3105, lat: 39.9834, fee: 150, userPhone: '13800138000' }],
    fields: [
      '- `orderId` 订单号，1-64 位（必填）；`bikeId` 车辆编号（必填）',
      '- `event` rent 租车或 return 还车（必填）；`at` 事件时间（必填）',
      '- `lon`、`lat`、`coord` 事件位置（必填，坐标系同上）',
      '- `siteId` 企业认定的站点（可选，仅供参考）；`fee` 费用，单位分（可选；站外还车含企业收取的调度费，用于站外还车扣费统计）',
      '- `userPhone` 骑行用户手机号（可选，还车时填写；平台只保存其摘要与脱敏号码，用于按用户统计站外还车扣费）',
    ].join('\n'),
    check: (i, n) => v.checkOrder(i, n),
    idOf: idField('orderId'),
    write: async (op, items) => writeOrders(database, await geo.fresh(), brandOf(op), items),
    failedType: (item) => ({ return: 9, rent: 10 })[String(field(item, 'event'))] ?? null,
  });

  // 调度：上架 / 下架
  batch({
    path: '/dispatch',
    method: 'POST',
    kind: 'dispatch',
    who: 'brand',
    summary: '调度（上架/下架）',
    description: '运营调度记录：up 上架、down 下架。上架到不允许投放的站点会产生告警。',
    example: [{ dispatchId: 'D20261121000001', bikeId: 'MT0000001', action: 'up', siteId: '1101080000001', at: now }],
    fields: [
      '- `dispatchId` 调度单号，1-64 位（必填）；`bikeId` 车辆编号（必填）',
      '- `action` up 上架或 down 下架（必填）；`siteId` 站点编号（必填）；`at` 调度时间（必填）',
    ].join('\n'),
    check: (i, n) => v.checkDispatch(i, n),
    idOf: idField('dispatchId'),
    write: async (op, items) => writeDispatches(database, await geo.fresh(), brandOf(op), items),
    failedType: (item) => ({ up: 11, down: 12 })[String(field(item, 'action'))] ?? null,
  });

  // 蓝牙桩扫描：电量与听到的车辆
  batch({
    path: '/piles/scan',
    method: 'POST',
    kind: 'pile',
    who: 'gateway',
    summary: '蓝牙桩扫描上报',
    description: '桩电量（%）与扫描到的蓝牙设备；平台按车辆 MAC 与 MAC 规则匹配车辆，桩标记为 illegal 的设备产生非法设备告警（异常类型 2）。',
    example: [
      {
        equipmentMac: 'AA:BB:CC:DD:EE:01',
        siteId: '1101080000001',
        power: 86,
        at: now,
        seen: [
          { mac: 'AA:BB:CC:00:00:01', name: 'MTBLE_00000001', rssi: -60 },
          { mac: '5C:CF:7F:12:34:56', name: 'BLE_LOCK', rssi: -72, illegal: true },
        ],
      },
      { equipmentMac: 'AA:BB:CC:DD:EE:02', siteId: '1101080000001', power: 74, at: now },
    ],
    fields: [
      '- `equipmentMac` 桩的 MAC 地址（必填）；`siteId` 桩所在站点（必填）；`power` 电量 0~100 %（必填，低于 10 % 产生低电量待办与站点异常）；`at` 扫描时间（必填）',
      '- `seen` 本次扫描听到的蓝牙设备，最多 500 项（可选）：给出（含空数组）表示桩本次做了扫描，这就是它听到的全部；省略表示只报电量、未扫描',
      '- `seen[].mac` 设备 MAC（必填）；`seen[].name` 蓝牙名称（可选，平台按 MAC 规则由名称识别企业与车辆编号）；`seen[].rssi` 信号强度 dBm（可选）',
      '- `seen[].illegal` 布尔值，可选：true 表示桩判定该设备为非法设备（如未授权或伪造的车锁、信标；异常类型 2）。' +
        '平台按设备 MAC 开启一条非法设备异常消息，位于标记它的桩所在站点，能按 MAC 或名称识别出企业时记入该企业；持续标记只刷新该消息。' +
        '该站点的桩之后一次给出 seen 的扫描不再标记该设备（同一批次中该站点没有任何桩标记它）时，消息关闭。' +
        '仅凭名称符合 MAC 规则但未备案的车辆不算非法设备：它们列入稽查（车辆监控）的未备案车辆，上报位置时为非法车辆（类型 7）。',
    ].join('\n'),
    check: (i, n) => v.checkScan(i, n),
    idOf: idField('equipmentMac'),
    write: async (op, items) => writeScans(database, await geo.fresh(), op.gatewayId!, items),
  });

  // 站点下发：企业运营区域内的站点
  app.get(
    '/sites',
    {
      schema: {
        tags,
        summary: '获取站点',
        description: '企业运营区域内的站点（GCJ-02）。带 updatedSince 时只返回此后变更的站点，已删除的站点带 deleted: true。',
        querystring: Type.Object({ updatedSince: Type.Optional(Type.String({ description: 'ISO 8601 或毫秒时间戳' })) }),
      },
    },
    async (req) => {
      const startedAt = performance.now();
      const op = req.operator;
      if (op.brandId === null) throw httpError(403, '该接口仅供企业账号调用');
      let since: Date | null = null;
      if (req.query.updatedSince) {
        const raw = /^\d+$/.test(req.query.updatedSince) ? Number(req.query.updatedSince) : req.query.updatedSince;
        try {
          since = v.parseTime(raw, 'updatedSince', Date.now());
        } catch (e) {
          throw httpError(400, (e as Error).message);
        }
      }
      const sites = await listSitesForOperator(database, app.ctx.areas, op.brandId, since);
      await writeSyncLog(database, op, { kind: 'site', endpoint: 'GET /sites', itemCount: sites.length, accepted: sites.length, rejected: [], startedAt });
      return { code: 200, message: `共 ${sites.length} 个站点`, data: { sites, serverTime: new Date().toISOString() } };
    },
  );

  // 工单：列表、接单、反馈（ingest/workOrders.ts）
  workOrderRoutes(app);
};
export default routes;
