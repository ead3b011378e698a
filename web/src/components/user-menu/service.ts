/** Calls of the header user menu. */
import type { Body } from '../../api/types';
import { api } from '../../app/request';

export type PasswordChange = Body<'/api/pwd'>;

// 修改密码 POST /api/pwd?selfAreaId=
export const changePassword = (selfAreaId: string, body: PasswordChange) => api.post('/pwd', body, { params: { selfAreaId } });
