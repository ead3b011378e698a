/** Session calls: user, permissions, areas, logout. */
import { api, envelope } from '../request';
import type { AreaNode } from './types';

// 获取当前登录用户信息 GET /api/user
export const fetchUser = () => api.get('/user');

// 获取当前用户权限列表 GET /api/permission/list
export const fetchPermissions = () => api.get('/permission/list');

// 获取用户所辖区域树 GET /api/area/user（the generated answer is unknown[]: the tree's nodes are AreaNode）
export const fetchAreaTree = (selfAreaId: string) => api.get('/area/user', { selfAreaId }) as Promise<AreaNode[]>;

// 获取全国区域平铺列表 GET /api/area/all
export const fetchNationalAreas = () => api.get('/area/all');

// 退出登录 POST /api/logout
export const postLogout = () => envelope.post('/logout', undefined, { passErrors: true });
