/** Types of 系统设置 (用户管理, 角色管理), taken from the generated API document (web/src/api). */
import type { Body, Data, Item, Query } from '../../api/types';
import type { Filters } from '../../components/desk';

/** One account of the user list (GET /api/user/list). */
export type UserRow = Item<Data<'/api/user/list'>['lists']>;
/** The user list's filter names: the list call's query parameters (paging and audit state aside). */
export type UserKey = keyof Omit<Query<'/api/user/list'>, 'currentPage' | 'pageSize' | 'auditStatus'> & string;
export type UserFilters = Filters<UserKey>;
/** New account (POST /api/user/add) and changed account (PUT /api/user/edit). */
export type UserAddBody = Body<'/api/user/add'>;
export type UserEditBody = Body<'/api/user/edit', 'put'>;

/** One role of the role list (GET /api/role/list). */
export type RoleRow = Item<Data<'/api/role/list'>['lists']>;
export type RoleKey = 'roleName';
export type RoleFilters = Filters<RoleKey>;
export type RoleAddBody = Body<'/api/role/add'>;
export type RoleEditBody = Body<'/api/role/edit'>;
/** The permission tree the editor may grant (GET /api/role/getPermission): menus and their buttons. */
export type PermissionMenu = Item<Data<'/api/role/getPermission'>['tree']>;

/** One application of 账号审核 (GET /api/user/audit_list): a self-registered account and what it asked for. */
export type ApplicationRow = Item<Data<'/api/user/audit_list'>['lists']>;
/** The application list's filters: its query parameters (paging aside). */
export type ApplicationKey = keyof Omit<Query<'/api/user/audit_list'>, 'currentPage' | 'pageSize' | 'username' | 'status'> & string;
export type ApplicationFilters = Filters<ApplicationKey>;
export type AuditBody = Body<'/api/user/audit'>;

/** One third-party key of 第三方授权 (GET /api/getThirdPartyAuthList); the phone comes masked. */
export type ThirdPartyRow = Item<Data<'/api/getThirdPartyAuthList'>['lists']>;
export type ThirdPartyKey = keyof Omit<Query<'/api/getThirdPartyAuthList'>, 'currentPage' | 'pageSize'> & string;
export type ThirdPartyFilters = Filters<ThirdPartyKey>;
export type ThirdPartyBody = Body<'/api/saveThirdPartyAuthUser'>;
