/** Session calls: user, permissions, areas, logout. */
import { dataOf, http } from '../request';
import type { AreaNode, NationalArea, PermissionEntry, User } from './types';

// 获取当前登录用户信息 GET /api/user
export const fetchUser = () => dataOf(http.get<User>('/user'));

// 获取当前用户权限列表 GET /api/permission/list
export const fetchPermissions = () => dataOf(http.get<PermissionEntry[]>('/permission/list'));

// 获取用户所辖区域树 GET /api/area/user
export const fetchAreaTree = (selfAreaId: string) => dataOf(http.get<AreaNode[]>('/area/user', { selfAreaId }));

// 获取全国区域平铺列表 GET /api/area/all
export const fetchNationalAreas = () => dataOf(http.get<NationalArea[]>('/area/all'));

// 退出登录 POST /api/logout
export const postLogout = () => http.post<null>('/logout', undefined, { passErrors: true });
