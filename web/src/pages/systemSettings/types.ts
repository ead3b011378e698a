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
/** A role as the pickers list it (role/all, role/addRoleAll). */
export type RoleBrief = Item<Data<'/api/role/addRoleAll'>>;

/** One role of the role list (GET /api/role/list). */
export type RoleRow = Item<Data<'/api/role/list'>['lists']>;
export type RoleKey = 'roleName';
export type RoleFilters = Filters<RoleKey>;
export type RoleAddBody = Body<'/api/role/add'>;
export type RoleEditBody = Body<'/api/role/edit'>;
/** The permission tree the editor may grant (GET /api/role/getPermission): menus and their buttons. */
export type PermissionMenu = Item<Data<'/api/role/getPermission'>['tree']>;
