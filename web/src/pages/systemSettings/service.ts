/**
 * Calls of 系统设置 (/api/user, /api/role, spec §7). Writes hand every refusal (400, 5002: a grant
 * beyond the editor's own, another area's account, a role in use) back to the screen with the
 * server's message, so the dialog that asked stays open; a lost session (401) still goes to login.
 */
import type { Data } from '../../api/types';
import { toast } from '../../app/feedback';
import { DEFAULT_ERROR, RequestError, dataOf, http, request, written } from '../../app/request';
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
export const fetchUsers = (q: UserFilters & Page) => dataOf(http.get<Data<'/api/user/list'>>('/user/list', q));

// 新增用户 POST /api/user/add
export const addUser = (body: UserAddBody) => written(http.post<Data<'/api/user/add', 'post'>>('/user/add', body, quiet));

// 编辑用户 PUT /api/user/edit
export const editUser = (body: UserEditBody) => written(http.put<null>('/user/edit', body, quiet));

// 重置密码：不给新密码时服务端生成随机密码并返回一次 PUT /api/user/reset
export const resetPassword = (id: number) => written(http.put<Data<'/api/user/reset', 'put'>>('/user/reset', { id }, quiet)).then((d) => d.password);

// 禁用（1）或启用（0）用户 POST /api/user/ban
export const banUser = (id: number, status: 0 | 1) => written(http.post<null>('/user/ban', { id, status }, quiet));

// 当前用户可分配的角色（新增、编辑用户）GET /api/role/addRoleAll
export const fetchAssignableRoles = () => dataOf(http.get<Data<'/api/role/addRoleAll'>>('/role/addRoleAll'));

// 全部可见角色（筛选项；需角色管理权限）GET /api/role/all
export const fetchVisibleRoles = () => dataOf(http.get<Data<'/api/role/all'>>('/role/all'));

// 角色列表 GET /api/role/list
export const fetchRoles = (q: RoleFilters & Page) => dataOf(http.get<Data<'/api/role/list'>>('/role/list', q));

// 权限树：只含当前用户拥有的权限 GET /api/role/getPermission
export const fetchPermissionTree = () => dataOf(http.get<Data<'/api/role/getPermission'>>('/role/getPermission')).then((d) => d.tree);

// 新增角色 POST /api/role/add
export const addRole = (body: RoleAddBody) => written(http.post<Data<'/api/role/add', 'post'>>('/role/add', body, quiet));

// 编辑角色 POST /api/role/edit
export const editRole = (body: RoleEditBody) => written(http.post<null>('/role/edit', body, quiet));

// 删除角色（有用户时拒绝，消息含人数）DELETE /api/role/del?id=
export const deleteRole = (id: number) => written(request<null>('DELETE', '/role/del', { params: { id }, passErrors: true }));

/** Show why an action failed unless the request layer already has (a refusal of `written` has not). */
export function tellFailure(err: unknown): void {
  if (err instanceof RequestError && err.handled) return;
  void toast().error(err instanceof Error ? err.message : DEFAULT_ERROR, 5);
}

// 用户名是否已存在 GET /api/checkUsername
export const usernameTaken = (username: string) => dataOf(http.get<Data<'/api/checkUsername'>>('/checkUsername', { username })).then((d) => d.exists);

// 手机号是否已被其他账号使用（编辑时带上本人 id）GET /api/checkPhone
export const phoneTaken = (phone: string, id?: number) => dataOf(http.get<Data<'/api/checkPhone'>>('/checkPhone', { phone, id })).then((d) => d.exists);

// 账号审核列表（自助注册的申请）GET /api/user/audit_list
export const fetchApplications = (q: ApplicationFilters & Page) => dataOf(http.get<Data<'/api/user/audit_list'>>('/user/audit_list', q));

// 审核申请：通过（平台账号带角色）或驳回（带原因）POST /api/user/audit
export const auditApplication = (body: AuditBody) => written(http.post<null>('/user/audit', body, quiet));

// 可申请的角色（筛选项）GET /api/register/roles
export const fetchApplicableRoles = () => dataOf(http.get<Data<'/api/register/roles'>>('/register/roles'));

// 第三方授权列表（手机号脱敏）GET /api/getThirdPartyAuthList
export const fetchThirdParty = (q: ThirdPartyFilters & Page) => dataOf(http.get<Data<'/api/getThirdPartyAuthList'>>('/getThirdPartyAuthList', q));

// 新增或编辑第三方授权；新增时返回密钥（仅此一次）POST /api/saveThirdPartyAuthUser
export const saveThirdParty = (body: ThirdPartyBody) => written(http.post<Data<'/api/saveThirdPartyAuthUser', 'post'>>('/saveThirdPartyAuthUser', body, quiet));

// 重置第三方密钥：旧密钥立即失效 POST /api/resetThirdPartyAuthKey
export const resetThirdPartyKey = (id: number) =>
  written(http.post<Data<'/api/resetThirdPartyAuthKey', 'post'>>('/resetThirdPartyAuthKey', { id }, quiet)).then((d) => d.key);

// 手机号是否已有第三方授权（编辑时带上本条 id）GET /api/checkAuthPhone
export const authPhoneTaken = (phone: string, id?: number) =>
  dataOf(http.get<Data<'/api/checkAuthPhone'>>('/checkAuthPhone', { phone, id })).then((d) => d.exists);

// 可选企业（新增企业账号）GET /api/user/enterpriseOptions
export const fetchEnterpriseOptions = () => dataOf(http.get<Data<'/api/user/enterpriseOptions'>>('/user/enterpriseOptions'));
