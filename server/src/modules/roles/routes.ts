import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, PageQuery, notFound, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { CREATES, byField } from '../../http/auditObjects.js';
import { SelfArea } from '../../http/schemas.js';
import * as roles from './service.js';
import { Id, Role, RoleAddBody, RoleEditBody } from './schemas.js';

const tags = ['角色管理'];
const RoleBrief = Type.Object({ id: Type.Integer(), roleName: Type.String() });
const PermissionNode = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  name: Type.String(),
  children: Type.Array(Type.Object({ id: Type.Integer(), key: Type.String(), name: Type.String() })),
});
const manage = needs('role.manage');
/** The role a write changes (its id in the body or query). */
const role = byField('roles', 'id');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const brief = (r: { id: number; roleName: string }) => ({ id: r.id, roleName: r.roleName });

  // 角色列表（分页）
  app.get(
    '/list',
    {
      config: manage,
      schema: {
        tags,
        summary: '角色列表',
        querystring: Type.Object({ ...SelfArea, ...PageQuery, roleName: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Envelope(Paged(Role)) },
      },
    },
    async (req) => {
      const { rows, total } = await roles.visibleRoles(database, req.auth, { roleName: req.query.roleName, ...pageOf(req.query) });
      return ok({ lists: rows.map((r) => roles.toRole(r, config.tz)), total });
    },
  );

  // 全部可见角色（下拉）：角色管理权限，本区域及以下和平台的角色
  app.get(
    '/all',
    { config: manage, schema: { tags, summary: '全部可见角色', querystring: Type.Object(SelfArea), response: { 200: Envelope(Type.Array(RoleBrief)) } } },
    async (req) => ok((await roles.visibleRoles(database, req.auth)).rows.map(brief)),
  );

  // 权限树；给 id 时同时返回该角色已勾选的权限
  app.get(
    '/getPermission',
    {
      config: manage,
      schema: {
        tags,
        summary: '权限树',
        querystring: Type.Object({ ...SelfArea, id: Type.Optional(Id) }),
        response: { 200: Envelope(Type.Object({ tree: Type.Array(PermissionNode), checked: Type.Array(Type.Integer()) })) },
      },
    },
    async (req) => {
      let checked: number[] = [];
      if (req.query.id) {
        const { rows } = await roles.visibleRoles(database, req.auth);
        const role = rows.find((r) => r.id === req.query.id);
        if (!role) throw notFound('角色');
        checked = role.permissionIds ?? [];
      }
      return ok({ tree: roles.permissionTree(req.auth.held), checked });
    },
  );

  // 可申请的角色（审核用）
  app.get(
    '/auditRoleAll',
    { schema: { tags, summary: '可申请的角色', querystring: Type.Object(SelfArea), response: { 200: Envelope(Type.Array(RoleBrief)) } } },
    async (req) => ok((await roles.visibleRoles(database, req.auth)).rows.filter((r) => r.applicable).map(brief)),
  );

  // 当前用户可分配的角色（新增用户用）：用户管理权限
  app.get(
    '/addRoleAll',
    {
      config: needs('user.manage'),
      schema: { tags, summary: '可分配的角色', querystring: Type.Object(SelfArea), response: { 200: Envelope(Type.Array(RoleBrief)) } },
    },
    async (req) => ok((await roles.visibleRoles(database, req.auth)).rows.filter((r) => (r.permissionIds ?? []).every((p) => req.auth.held.has(p))).map(brief)),
  );

  // 新增角色
  app.post(
    '/add',
    {
      config: { ...manage, audit: CREATES },
      schema: {
        tags,
        summary: '新增角色',
        querystring: Type.Object(SelfArea),
        body: RoleAddBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (req) => ok({ id: await roles.addRole(database, req.auth, req.body) }, '角色添加成功'),
  );

  // 编辑角色
  app.post(
    '/edit',
    {
      config: { ...manage, audit: role },
      schema: {
        tags,
        summary: '编辑角色',
        querystring: Type.Object(SelfArea),
        body: RoleEditBody,
      },
    },
    async (req) => {
      await roles.editRole(database, req.auth, req.body);
      return ok(null, '角色修改成功');
    },
  );

  // 删除角色
  app.delete(
    '/del',
    { config: { ...manage, audit: role }, schema: { tags, summary: '删除角色', querystring: Type.Object({ ...SelfArea, id: Id }) } },
    async (req) => {
      await roles.deleteRole(database, req.auth, req.query.id);
      return ok(null, '角色已删除');
    },
  );
};
export default routes;
