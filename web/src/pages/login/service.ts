/** Login call; its failures are shown on the form, so every answer comes back to the caller. */
import type { Body } from '../../api/types';
import { envelope } from '../../app/request';

export type Credentials = Body<'/api/login'>;

// 用户登录 POST /api/login
export const login = (body: Credentials) => envelope.post('/login', body, { passErrors: true });
