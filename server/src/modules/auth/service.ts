/** Login, logout, password change: the account rules of issue 2. */
import type { Database } from '../../db/client.js';
import { accountProblem } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { hashPassword, hashToken, newToken, passwordProblem, verifyPassword } from '../../domain/password.js';
import { setPassword } from '../../shared/accounts.js';
import { FailureLimiter } from '../../shared/failureLimiter.js';
import { Backoff, FREE_FAILURES, MAX_DELAY_S, waitMessage } from '../../shared/loginThrottle.js';
import * as repo from './repo.js';

/** Failed logins one client address may make in ADDRESS_WINDOW_MINUTES (per process). */
const MAX_ADDRESS_FAILURES = 20;
const ADDRESS_WINDOW_MINUTES = 15;
const addressLimiter = new FailureLimiter(MAX_ADDRESS_FAILURES, ADDRESS_WINDOW_MINUTES * 60_000);
/** Back-off of usernames that do not exist, so that they answer exactly like existing ones. */
const unknownNames = new Backoff();
// verifying against a real hash when the user does not exist keeps the timing alike
const dummyHash = hashPassword('not-a-password-0');
const WRONG = '用户名或密码错误';

/**
 * Login (issue 2, issue 16): per client address, a hard limit; per account, a back-off (shared.
 * loginThrottle) counted in one statement. Unknown names and wrong passwords answer alike.
 */
export async function login(
  database: Database,
  input: { username: string; password: string; ip: string; ttlHours: number },
): Promise<{ token: string; userId: number }> {
  if (addressLimiter.blocked(input.ip)) throw badRequest(`登录失败次数过多，请 ${ADDRESS_WINDOW_MINUTES} 分钟后再试`);
  const username = input.username.trim();
  const u = await repo.countAttempt(database, username, FREE_FAILURES, MAX_DELAY_S);
  if (!u) {
    const wait = unknownNames.attempt(username);
    addressLimiter.fail(input.ip);
    if (wait > 0) throw badRequest(waitMessage(wait));
    await verifyPassword(input.password, await dummyHash);
    throw badRequest(WRONG);
  }
  if (u.waiting) {
    addressLimiter.fail(input.ip);
    throw badRequest(waitMessage(u.waitSeconds ?? 1));
  }
  if (!(await verifyPassword(input.password, u.passwordHash))) {
    addressLimiter.fail(input.ip);
    throw badRequest(WRONG);
  }
  if (u.auditStatus === 0) throw forbidden('账号正在审核中，请等待管理员审核');
  if (u.auditStatus === 2) throw forbidden(u.auditRemark ? `账号审核未通过：${u.auditRemark}` : '账号审核未通过，请联系管理员');
  const problem = accountProblem(u);
  if (problem) throw forbidden(problem);
  // the address's count is not cleared: logging in to one's own account must not buy more guesses
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
