/** Password hashing (scrypt, per-user salt) and random tokens; only hashes are ever stored. */
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEYLEN = 32;
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, KEYLEN, PARAMS, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return `scrypt$${PARAMS.N}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || Number(n) !== PARAMS.N || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random password a person can type: 16 characters with both letters and digits. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  for (;;) {
    const pw = Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
    if (passwordProblem(pw) === null) return pw;
  }
}

/** How long a password must be; `field` names the request's field in the messages. */
export interface PasswordRule {
  min: number;
  /** Absent: no upper bound here (the route's schema has one). */
  max?: number;
  field?: string;
}

/** Console accounts: 6-32 characters. */
const CONSOLE_PASSWORD: PasswordRule = { min: 6, max: 32 };
/** An enterprise's open-API password (企业管理's brandPassword): at least 8 characters. */
export const OPEN_API_PASSWORD: PasswordRule = { min: 8, field: 'brandPassword' };

/** The password policy: long enough under `rule`, with letters and digits; why not, in Chinese, or null. */
export function passwordProblem(pw: string, rule: PasswordRule = CONSOLE_PASSWORD): string | null {
  const { min, max, field } = rule;
  const subject = field ? `参数 ${field} ` : '密码';
  if (pw.length < min || (max !== undefined && pw.length > max)) {
    return max === undefined ? `${subject}至少 ${min} 位，请重新填写` : `${subject}长度应为 ${min}-${max} 位`;
  }
  if (!/[A-Za-z]/.test(pw) || !/\d/.test(pw)) return `${subject}需同时包含字母和数字`;
  return null;
}
