/**
 * Item-by-item checking of batches: each item on its own (one bad item refuses only itself), with a Chinese reason naming
 * the field. Shared by the open API (ingest/validate.ts) and the console's spreadsheet filing, so
 * both refuse the same items with the same words. Pure.
 */
import { findTextProblem, storableText } from '../domain/text.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

export const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

export type Raw = Record<string, unknown>;

/** An item's refusal, thrown by the field readers below and caught by check(). */
export class ItemError extends Error {}

/** An item of a batch with its position in the request (answered in `rejected`). */
export interface Indexed<T> {
  index: number;
  value: T;
}

export interface Rejection {
  index: number;
  id: string | null;
  reason: string;
  /** The item was refused because it belongs to another brand (HTTP 403). */
  forbidden?: boolean;
}

const ID_RE = /^[\w.:-]{1,64}$/;

/** A required id: 1-`max` letters, digits or _ . : - (an integer is taken as its digits). */
export function itemId(raw: Raw, field: string, max = 32): string {
  const v = raw[field];
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v !== 'string' || !v.trim()) throw new ItemError(`缺少 ${field}`);
  const s = v.trim();
  if (s.length > max || !ID_RE.test(s)) throw new ItemError(`${field} 应为 1-${max} 位字母、数字或 _ . : -`);
  return s;
}

export function oneOf<T>(raw: Raw, field: string, values: readonly T[]): T {
  const v = raw[field] as T;
  if (!values.includes(v)) throw new ItemError(`${field} 只能是 ${values.join('、')}`);
  return v;
}

export function optionalText(raw: Raw, field: string, max: number): string | null {
  const v = raw[field];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || v.length > max) throw new ItemError(`${field} 应为不超过 ${max} 个字符的文本`);
  return v.trim();
}

export function check<T>(item: unknown, f: (raw: Raw) => T): Checked<T> {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return fail('条目应为对象');
  try {
    return { ok: true, value: f(item as Raw) };
  } catch (e) {
    if (e instanceof ItemError) return fail(e.message);
    throw e;
  }
}

/**
 * An item holding text no database can store (NUL, a lone surrogate) or nested absurdly deep: its
 * own reason; its strings are then made storable in place, so that recording the refusal (sync log,
 * failed-sync alerts) cannot fail the batch after its valid items were stored (issue 16).
 */
export function unstorable(item: unknown): string | null {
  const p = findTextProblem(item, 16);
  if (!p) return null;
  if (p.kind === 'depth') return '条目嵌套层级过深';
  scrub(item, 0);
  return `${p.path || '条目'} 含有不允许的字符（空字符或不成对的代理字符）`;
}

function scrub(v: unknown, depth: number): void {
  if (!v || typeof v !== 'object' || depth > 16) return;
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (typeof x === 'string') o[k] = storableText(x);
    else scrub(x, depth + 1);
    const clean = storableText(k);
    if (clean !== k) {
      o[clean] = o[k];
      delete o[k];
    }
  }
}

/** Splits a batch into valid values (with their index) and rejections. */
export function partition<T>(items: unknown[], checkItem: (item: unknown) => Checked<T>, idOf: (item: unknown) => string | null) {
  const valid: { index: number; value: T }[] = [];
  const rejected: { index: number; id: string | null; reason: string }[] = [];
  items.forEach((item, index) => {
    const bad = unstorable(item);
    const c = bad ? fail(bad) : checkItem(item);
    if (c.ok) valid.push({ index, value: c.value });
    else rejected.push({ index, id: idOf(item), reason: c.reason });
  });
  return { valid, rejected };
}

/** The item's own id for a rejection, when it has one (storable, at most 64 characters). */
export const idField = (field: string) => (item: unknown) => {
  const v = item && typeof item === 'object' ? (item as Raw)[field] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? storableText(String(v).slice(0, 64)) : null;
};
