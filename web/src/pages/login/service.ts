/** Login call; its failures are shown on the form, so every answer comes back to the caller. */
import { http } from '../../app/request';
import type { User } from '../../app/session/types';

export interface Credentials {
  username: string;
  password: string;
}

export interface LoginResult {
  token: string;
  user: User;
}

// 用户登录 POST /api/login
export const login = (body: Credentials) => http.post<LoginResult>('/login', body, { passErrors: true });
