/**
 * Text a database can store: PostgreSQL refuses NUL in text and JSON, and a lone UTF-16 surrogate
 * cannot be written as UTF-8. Pure.
 */

/** True when `s` holds no NUL and no lone surrogate. */
const isStorableText = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** `s` with every NUL and lone surrogate replaced by U+FFFD (to echo a refused value safely). */
export const storableText = (s: string) => (isStorableText(s) ? s : s.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATES, '\ufffd'));

export type TextProblem = { path: string; kind: 'text' | 'depth' | 'number' };

/**
 * The first string (value or key) in `value` that is not storable, the first number that is not
 * finite (a query's `Infinity` coerced by Ajv skips its min/max checks), or the first place nested
 * deeper than `maxDepth`; null when there is none. Iterative: a hostile nesting cannot overflow the stack.
 */
export function findTextProblem(value: unknown, maxDepth = 32): TextProblem | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return { path, kind: 'text' };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path, kind: 'number' };
    } else if (v !== null && typeof v === 'object') {
      if (depth >= maxDepth) return { path, kind: 'depth' };
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      } else {
        for (const k of Object.keys(v)) {
          const p = path ? `${path}.${k}` : k;
          if (!isStorableText(k)) return { path: path ? `${path}.${storableText(k)}` : storableText(k), kind: 'text' };
          stack.push({ v: (v as Record<string, unknown>)[k], path: p, depth: depth + 1 });
        }
      }
    }
  }
  return null;
}
