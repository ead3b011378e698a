/** Calls of the registration page (public, no token): its refusals come back to the form. */
import type { Body } from '../../api/types';
import { api, envelope } from '../../app/request';

export type RegisterBody = Body<'/api/register'>;

// 提交账号申请 POST /api/register
export const register = (body: RegisterBody) => envelope.post('/register', body, { passErrors: true });

// 可申请的角色 GET /api/register/roles
export const fetchRoles = () => api.get('/register/roles');

// 某区域的下级区域（缺省为各省）GET /api/register/areas
export const fetchAreas = (parentId?: string) => api.get('/register/areas', parentId ? { parentId } : {});
