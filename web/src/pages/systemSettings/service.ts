/**
 * Calls of 系统设置 (/api/user, /api/role, spec §7). Writes hand every refusal (400, 5002: a grant
 * beyond the editor's own, another area's account, a role in use) back to the screen with the
 * server's message, so the dialog that asked stays open; a lost session (401) still goes to login.
 */
import { api, envelope, written } from '../../app/request';
import type {
  ApplicationFilters,
  AuditBody,
  RoleAddBody,
  RoleEditBody,
  RoleFilters,
  ThirdPartyBody,
  ThirdPartyFilters,
  UserAddBody,
  UserEditBody,
  UserFilters,
} from './types';

type Page = { currentPage: number; pageSize: number };

const quiet = { passErrors: true } as const;

// 用户列表（已审核通过的账号）GET /api/user/list
export const fetchUsers = (q: UserFilters & Page) => api.get('/user/list', q);

// 新增用户 POST /api/user/add
export const addUser = (body: UserAddBody) => written(envelope.post('/user/add', body, quiet));

// 编辑用户 PUT /api/user/edit
export const editUser = (body: UserEditBody) => written(envelope.put('/user/edit', body, quiet));

// 重置密码：不给新密码时服务端生成随机密码并返回一次 PUT /api/user/reset
export const resetPassword = (id: number) => written(envelope.put('/user/reset', { id }, quiet)).then((d) => d.password);

// 禁用（1）或启用（0）用户 POST /api/user/ban
export const banUser = (id: number, status: 0 | 1) => written(envelope.post('/user/ban', { id, status }, quiet));

// 当前用户可分配的角色（新增、编辑用户）GET /api/role/addRoleAll
export const fetchAssignableRoles = () => api.get('/role/addRoleAll');

// 全部可见角色（筛选项；需角色管理权限）GET /api/role/all
export const fetchVisibleRoles = () => api.get('/role/all');

// 角色列表 GET /api/role/list
export const fetchRoles = (q: RoleFilters & Page) => api.get('/role/list', q);

// 权限树：只含当前用户拥有的权限 GET /api/role/getPermission
export const fetchPermissionTree = () => api.get('/role/getPermission').then((d) => d.tree);

// 新增角色 POST /api/role/add
export const addRole = (body: RoleAddBody) => written(envelope.post('/role/add', body, quiet));

// 编辑角色 POST /api/role/edit
export const editRole = (body: RoleEditBody) => written(envelope.post('/role/edit', body, quiet));

// 删除角色（有用户时拒绝，消息含人数）DELETE /api/role/del?id=
export const deleteRole = (id: number) => written(envelope.del('/role/del', undefined, { params: { id }, ...quiet }));

// 用户名是否已存在 GET /api/checkUsername
export const usernameTaken = (username: string) => api.get('/checkUsername', { username }).then((d) => d.exists);

// 手机号是否已被其他账号使用（编辑时带上本人 id）GET /api/checkPhone
export const phoneTaken = (phone: string, id?: number) => api.get('/checkPhone', { phone, id }).then((d) => d.exists);

// 账号审核列表（自助注册的申请）GET /api/user/audit_list
export const fetchApplications = (q: ApplicationFilters & Page) => api.get('/user/audit_list', q);

// 审核申请：通过（平台账号带角色）或驳回（带原因）POST /api/user/audit
export const auditApplication = (body: AuditBody) => written(envelope.post('/user/audit', body, quiet));

// 可申请的角色（筛选项）GET /api/register/roles
export const fetchApplicableRoles = () => api.get('/register/roles');

// 第三方授权列表（手机号脱敏）GET /api/getThirdPartyAuthList
export const fetchThirdParty = (q: ThirdPartyFilters & Page) => api.get('/getThirdPartyAuthList', q);

// 新增或编辑第三方授权；新增时返回密钥（仅此一次）POST /api/saveThirdPartyAuthUser
export const saveThirdParty = (body: ThirdPartyBody) => written(envelope.post('/saveThirdPartyAuthUser', body, quiet));

// 重置第三方密钥：旧密钥立即失效 POST /api/resetThirdPartyAuthKey
export const resetThirdPartyKey = (id: number) => written(envelope.post('/resetThirdPartyAuthKey', { id }, quiet)).then((d) => d.key);

// 手机号是否已有第三方授权（编辑时带上本条 id）GET /api/checkAuthPhone
export const authPhoneTaken = (phone: string, id?: number) => api.get('/checkAuthPhone', { phone, id }).then((d) => d.exists);

// 可选企业（新增企业账号）GET /api/user/enterpriseOptions
export const fetchEnterpriseOptions = () => api.get('/user/enterpriseOptions');
