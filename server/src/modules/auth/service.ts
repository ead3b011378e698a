/** Login, logout, password change: the account rules of issue 2. */
import type { Database } from '../../db/client.js';
import { accountProblem } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { hashPassword, hashToken, newToken, passwordProblem, verifyPassword } from '../../domain/password.js';
import { setPassword } from '../../shared/accounts.js';
import { FailureLimiter } from '../../shared/failureLimiter.js';
import * as repo from './repo.js';

export const MAX_ACCOUNT_FAILURES = 5;
export const LOCK_MINUTES = 15;
const addressLimiter = new FailureLimiter(20, LOCK_MINUTES * 60_000);
// verifying against a real hash when the user does not exist keeps the timing alike
const dummyHash = hashPassword('not-a-password-0');

export async function login(
  database: Database,
  input: { username: string; password: string; ip: string; ttlHours: number },
): Promise<{ token: string; userId: number }> {
  if (addressLimiter.blocked(input.ip)) throw badRequest(`登录失败次数过多，请 ${LOCK_MINUTES} 分钟后再试`);
  const u = await repo.findLogin(database, input.username.trim());
  if (!u) {
    await verifyPassword(input.password, await dummyHash);
    addressLimiter.fail(input.ip);
    throw badRequest('用户名或密码错误');
  }
  if (u.lockedUntil && new Date(u.lockedUntil).getTime() > Date.now()) {
    const minutes = Math.ceil((new Date(u.lockedUntil).getTime() - Date.now()) / 60_000);
    throw badRequest(`密码错误次数过多，账号已锁定，请 ${minutes} 分钟后再试`);
  }
  if (!(await verifyPassword(input.password, u.passwordHash))) {
    addressLimiter.fail(input.ip);
    const failures = u.failedLogins + 1;
    if (failures >= MAX_ACCOUNT_FAILURES) {
      await repo.lockAccount(database, u.id, LOCK_MINUTES);
      throw badRequest(`密码错误次数过多，账号已锁定，请 ${LOCK_MINUTES} 分钟后再试`);
    }
    await repo.setFailures(database, u.id, failures);
    throw badRequest(`用户名或密码错误，还可尝试 ${MAX_ACCOUNT_FAILURES - failures} 次`);
  }
  if (u.auditStatus === 0) throw forbidden('账号正在审核中，请等待管理员审核');
  if (u.auditStatus === 2) throw forbidden('账号审核未通过，请联系管理员');
  const problem = accountProblem(u);
  if (problem) throw forbidden(problem);
  addressLimiter.clear(input.ip);
  const token = newToken();
  await repo.clearFailures(database, u.id);
  await repo.insertSession(database, hashToken(token), u.id, input.ttlHours);
  // keep the table small: drop this user's expired sessions
  await repo.deleteExpiredSessions(database, u.id);
  return { token, userId: u.id };
}

export async function logout(database: Database, tokenHash: string) {
  await repo.deleteSession(database, tokenHash);
}

/** Changes the password and ends every session of the user. */
export async function changePassword(database: Database, userId: number, oldPwd: string, newPwd: string) {
  const passwordHash = await repo.findPasswordHash(database, userId);
  if (!passwordHash || !(await verifyPassword(oldPwd, passwordHash))) throw badRequest('原密码不正确');
  const problem = passwordProblem(newPwd);
  if (problem) throw badRequest(`新${problem}`);
  if (oldPwd === newPwd) throw badRequest('新密码不能与原密码相同');
  await setPassword(database, userId, newPwd);
}
