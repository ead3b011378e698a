import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, badRequest, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES, USER_COLUMNS, byField } from '../../http/auditObjects.js';
import { dayStart, formatTime, nextDay, strictLocalTime, today } from '../../domain/time.js';
import { timeRange } from '../../http/timeRange.js';
import { applicationExtras, listProfiles } from './repo.js';
import { toProfile } from '../../shared/profiles.js';
import { Profile, SelfArea } from '../../http/schemas.js';
import { auditApplication } from './applications.js';
import { registerOwner } from '../../shared/uploads.js';
import { brandsOf } from '../../shared/brands.js';
import * as users from './service.js';
import { Application, AuditBody, AuditQuery, Id, ListQuery, Phone, UserAddBody, UserFields } from './schemas.js';

/** The last day a validity may name (9999-12-31's next day is no date): further is 长期有效, an empty field. */
const LAST_VALID_DAY = '2099-12-31';

const tags = ['用户管理'];
/** An account a write changes (its id in the body). */
const user = byField('users', 'id', 'id', USER_COLUMNS);

/** Accounts (用户管理, 账号审核), under /api/user. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  // ID card photos (/uploads/…) open for the account itself and those who manage its area
  registerOwner('idcard', (db, auth, ownerId) => users.mayReadIdcard(db, auth, ownerId));

  // 可选的企业（新增企业账号）：当前区域及下级区域内的企业；企业账号只得到自己的企业
  app.get(
    '/enterpriseOptions',
    {
      config: needs('user.manage'),
      schema: {
        tags,
        summary: '可选企业',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(Type.Array(Type.Object({ brandId: Type.Integer(), brandName: Type.String() }))) },
      },
    },
    async (req) => {
      const rows = await brandsOf(database, req.auth.scopeAreaIds());
      const limit = req.auth.brandLimit;
      return ok(rows.filter((b) => limit === null || b.brandId === limit).map((b) => ({ brandId: b.brandId, brandName: b.brandName })));
    },
  );

  /** 有效期: a date (valid through that day, in TZ), from today to LAST_VALID_DAY; '' or null: 长期有效. (yyyy-MM-dd 23:59:59, as listed, is read as its date.) */
  const validity = (v: string | null | undefined) => {
    if (v === undefined || v === null || v === '') return v === undefined ? undefined : null;
    const m = /^(\d{4}-\d{2}-\d{2})(?: 23:59:59)?$/.exec(v.trim());
    const day = m && strictLocalTime(m[1], config.tz) ? m[1] : null;
    if (!day) throw badRequest('参数 unavailableTime 应为日期 yyyy-MM-dd（有效期至当天），长期有效请留空');
    if (day < today(config.tz).day) throw badRequest('参数 unavailableTime 不能早于今天，请重新选择有效期');
    if (day > LAST_VALID_DAY) throw badRequest(`参数 unavailableTime 最晚为 ${LAST_VALID_DAY}，长期有效请留空`);
    return new Date(dayStart(nextDay(day), config.tz).getTime() - 1000); // 23:59:59 of that day
  };

  const list = async (req: { auth: import('../../http/auth.js').Auth; query: Static<typeof ListQuery> }) => {
    const { rows, total } = await listProfiles(database, { ...req.query, areaIds: req.auth.scopeAreaIds(), audit: false, ...pageOf(req.query) });
    return ok({ lists: rows.map((r) => toProfile(r, config.tz)), total });
  };

  // 用户列表（已审核通过的账号）
  app.get(
    '/list',
    { config: needs('user.manage'), schema: { tags, summary: '用户列表', querystring: ListQuery, response: { 200: Envelope(Paged(Profile)) } } },
    list,
  );

  // 账号审核列表：自助注册的申请（待审核、已通过、已驳回），本区域及下级
  app.get(
    '/audit_list',
    {
      config: needs('user.audit'),
      schema: { tags, summary: '账号审核列表', querystring: AuditQuery, response: { 200: Envelope(Paged(Application)) } },
    },
    async (req) => {
      const { from, to } = timeRange(req.query, config.tz);
      const { rows, total } = await listProfiles(database, { ...req.query, from, to, areaIds: req.auth.scopeAreaIds(), audit: true, ...pageOf(req.query) });
      const extras = new Map(
        (
          await applicationExtras(
            database,
            rows.map((r) => r.id),
          )
        ).map((e) => [e.id, e]),
      );
      const lists = rows.map((r) => {
        const e = extras.get(r.id);
        return {
          ...toProfile(r, config.tz),
          applyType: e?.applyType ?? 0,
          applyReason: e?.applyReason ?? null,
          auditTime: formatTime(e?.auditTime, config.tz),
          auditorName: e?.auditorName ?? null,
        };
      });
      return ok({ lists, total });
    },
  );

  // 新增用户
  app.post(
    '/add',
    {
      config: { ...needs('user.manage'), audit: CREATES },
      schema: {
        tags,
        summary: '新增用户',
        querystring: Type.Object(SelfArea),
        body: UserAddBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (req) => {
      const id = await users.createUser(database, req.auth, { ...req.body, unavailableTime: validity(req.body.unavailableTime) });
      return ok({ id }, '用户添加成功');
    },
  );

  // 编辑用户
  app.put(
    '/edit',
    {
      config: { ...needs('user.manage'), audit: user },
      schema: { tags, summary: '编辑用户', querystring: Type.Object(SelfArea), body: Type.Object({ id: Id, ...UserFields }) },
    },
    async (req) => {
      const { id, ...rest } = req.body;
      await users.editUser(database, req.auth, id, { ...rest, unavailableTime: validity(rest.unavailableTime) }, config.dataDir);
      return ok(null, '用户修改成功');
    },
  );

  // 重置密码：不给新密码时生成随机密码并返回一次
  app.put(
    '/reset',
    {
      config: { ...needs('user.manage'), audit: user },
      schema: {
        tags,
        summary: '重置密码',
        querystring: Type.Object(SelfArea),
        body: Type.Object({ id: Id, password: Type.Optional(Type.String({ minLength: 6, maxLength: 32 })) }),
        response: { 200: Envelope(Type.Object({ password: Type.Union([Type.String(), Type.Null()]) })) },
      },
    },
    async (req) => ok({ password: await users.resetPassword(database, req.auth, req.body.id, req.body.password) }, '密码已重置'),
  );

  // 禁用 / 启用用户：禁用后其登录立即失效
  app.post(
    '/ban',
    {
      config: { ...needs('user.manage'), audit: user },
      schema: {
        tags,
        summary: '禁用或启用用户',
        querystring: Type.Object(SelfArea),
        body: Type.Object({ id: Id, status: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 禁用, 0 启用' }) }),
      },
    },
    async (req) => {
      await users.banUser(database, req.auth, req.body.id, req.body.status);
      return ok(null, req.body.status === 1 ? '用户已禁用' : '用户已启用');
    },
  );

  // 审核账号申请：通过（平台账号须分配角色）或驳回（须填原因，申请人登录时可见）
  app.post(
    '/audit',
    {
      config: { ...needs('user.audit'), audit: user },
      schema: {
        tags,
        summary: '审核账号',
        querystring: Type.Object(SelfArea),
        body: AuditBody,
      },
    },
    async (req) => {
      const { id, ...decision } = req.body;
      await auditApplication(database, req.auth, id, decision);
      return ok(null, req.body.auditStatus === 1 ? '审核已通过' : '已驳回');
    },
  );
};

const Exists = { 200: Envelope(Type.Object({ exists: Type.Boolean() })) };

/** The add-user form's uniqueness checks, which the spec puts at the API root (/api/checkPhone, /api/checkUsername). */
export const accountCheckRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.ctx;

  // 检查手机号是否已被使用
  app.get(
    '/checkPhone',
    {
      config: needs('user.manage'),
      schema: { tags, summary: '检查手机号', querystring: Type.Object({ ...SelfArea, phone: Phone, id: Type.Optional(Id) }), response: Exists },
    },
    async (req) => {
      const exists = await users.phoneTaken(database, req.query.phone, req.query.id);
      return ok({ exists }, exists ? '手机号已被使用' : '手机号可用');
    },
  );

  // 检查用户名是否已存在
  app.get(
    '/checkUsername',
    {
      config: needs('user.manage'),
      schema: {
        tags,
        summary: '检查用户名',
        querystring: Type.Object({ ...SelfArea, username: Type.String({ minLength: 1, maxLength: 32 }) }),
        response: Exists,
      },
    },
    async (req) => {
      const exists = await users.usernameTaken(database, req.query.username);
      return ok({ exists }, exists ? '用户名已存在' : '用户名可用');
    },
  );
};
