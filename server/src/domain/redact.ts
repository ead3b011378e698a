/**
 * What the audit log keeps of a request or an answer: a bounded copy with every secret replaced.
 * A field is secret by its name, at any depth (password, pwd, oldPwd, newPwd, brandPassword, token,
 * key, apiKey, secret, hash, authorization, cookie …); its value never leaves this function. A phone
 * (a field named …phone / …mobile) is kept masked as the lists show it (138****5678).
 */
import { maskPhone } from './rider.js';

/** Names of fields whose values are secret (matched on the name with `_`/`-` removed, any case). */
const SECRET_NAME = /pass(word|wd)?$|passwd|password|pwd|token|secret|^key$|keys?$|apikey|hash|salt|authorization|cookie|credential|captcha|otp$/i;

export const REDACTED = '***';

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.replace(/[_-]/g, ''));
}

/** Fields holding a person's phone number (phone, maintainPhone, brand_contact_mobile, riderPhone …). */
const PHONE_NAME = /(phone|mobile)$/i;

/** A phone kept in the log: its middle four digits hidden, as the lists show it. */
const maskedPhone = (v: unknown) => (typeof v === 'string' && /^\d{11}$/.test(v) ? maskPhone(v) : v);

const MAX_DEPTH = 6;
const MAX_ITEMS = 20;
const MAX_STRING = 200;
/** The whole summary, as JSON, stays below this many characters. */
const MAX_SUMMARY = 4000;

function copy(value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return `[${typeof value}]`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => copy(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`…共 ${value.length} 项`);
    return items;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return `[${(value as object).constructor?.name ?? 'object'}]`;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = isSecretName(k)
      ? v === null || v === undefined || v === ''
        ? (v ?? null)
        : REDACTED
      : copy(PHONE_NAME.test(k.replace(/[_-]/g, '')) ? maskedPhone(v) : v, depth + 1);
  }
  return out;
}

/**
 * A bounded, secret-free copy of `value` (plain data only: files and streams become their type's
 * name). Too large a copy is cut to a text preview of MAX_SUMMARY characters.
 */
export function redact(value: unknown): unknown {
  const c = copy(value, 0);
  const text = JSON.stringify(c) ?? 'null';
  return text.length > MAX_SUMMARY ? { truncated: true, preview: text.slice(0, MAX_SUMMARY) } : c;
}
