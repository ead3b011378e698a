/**
 * Form rules from the server's route schemas (api/rules.gen.ts, generated): a dialog that saves
 * through a path checks each field as that route will, with a Chinese message built from the
 * field's label and the schema's description. Rules the server does not hold stay the screen's own.
 */
import type { Rule } from 'antd/es/form';
import { SERVER_RULES } from '../../api/rules.gen';

export type RulePath = keyof typeof SERVER_RULES;
type Fields = typeof SERVER_RULES;

/**
 * The server's bounds of one body field of `path` (pattern, lengths, range, description), for a rule
 * a screen words itself: `new RegExp(serverField(path, 'phone').pattern)`, never a re-typed copy.
 */
export const serverField = <P extends RulePath, F extends keyof Fields[P]>(path: P, name: F): Fields[P][F] => SERVER_RULES[path][name];

interface Bounds {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
}

const has = (own: readonly Rule[], key: 'pattern' | 'max' | 'min' | 'validator') => own.some((r) => typeof r === 'object' && r[key] !== undefined);

/**
 * The rules of one body field of `path` (none when the server declares no bounds for it); a kind of
 * rule the screen words itself (`own`: its pattern, its max) is left to the screen's wording.
 */
export function serverRules(path: RulePath, name: string, label: string, own: readonly Rule[] = []): Rule[] {
  const b = (SERVER_RULES[path] as Record<string, Bounds>)[name];
  if (!b) return [];
  const rules: Rule[] = [];
  if (b.pattern !== undefined && !has(own, 'pattern')) {
    rules.push({ pattern: new RegExp(b.pattern), message: b.description ? `${label}格式不正确：${b.description}` : `${label}格式不正确` });
  }
  if (b.maxLength !== undefined && !has(own, 'max')) rules.push({ max: b.maxLength, message: `${label}最多 ${b.maxLength} 个字` });
  if (b.minLength !== undefined && b.minLength > 1 && !has(own, 'min')) rules.push({ min: b.minLength, message: `${label}至少 ${b.minLength} 个字` });
  if (b.minimum !== undefined || b.maximum !== undefined) {
    const { minimum: lo, maximum: hi } = b;
    const range = lo !== undefined && hi !== undefined ? `${lo} 到 ${hi}` : lo !== undefined ? `不小于 ${lo}` : `不大于 ${hi}`;
    rules.push({
      validator: async (_, v: unknown) => {
        if (v === undefined || v === null || v === '') return;
        const n = Number(v);
        if (!Number.isFinite(n) || (lo !== undefined && n < lo) || (hi !== undefined && n > hi)) throw new Error(`${label}应为 ${range} 的数`);
      },
    });
  }
  return rules;
}
