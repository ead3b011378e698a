/**
 * Pure rules of 系统设置: the account form's checks (the server's schemas read from api/rules.gen.ts:
 * username, phone, password bounds), the validity (有效期) values, and how a tick in the permission tree moves its menu or
 * buttons (a button is held only with its menu).
 */
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { serverField } from '../../components/desk/serverRules';
import { VIEW_BUTTONS } from '../../lib/permission';
import type { PermissionMenu } from './types';

/** The routes that take a new account's username and password (the same Username and password bounds). */
type AccountPath = '/api/register' | '/api/user/add';
/** The routes whose body has the users' Phone (11 位手机号). */
type PhonePath = AccountPath | '/api/user/edit' | '/api/saveThirdPartyAuthUser';

/** 用户名 as `path` takes it (the server's pattern), in the form's words: 用户名为 3-32 位字母、数字或下划线. */
export function usernameRule(path: AccountPath): Rule {
  const f = serverField(path, 'username');
  return { pattern: new RegExp(f.pattern), message: `用户名为 ${f.description}` };
}
/** 手机号 as `path` takes it (the server's pattern), in the form's words: 请输入 11 位手机号. */
export function phoneRule(path: PhonePath): Rule {
  const f = serverField(path, 'phone');
  return { pattern: new RegExp(f.pattern), message: `请输入 ${f.description}` };
}
const MIXED = '密码需同时包含字母和数字';
const mixed = (s: string) => /[A-Za-z]/.test(s) && /\d/.test(s);
/** The server's password policy: the length bounds of `path` (6-32) with letters and digits (the mix is checked in the server's code). */
export function passwordRule(path: AccountPath): Rule {
  const { minLength: min, maxLength: max } = serverField(path, 'password');
  return {
    validator: async (_, v: unknown) => {
      const s = typeof v === 'string' ? v : '';
      if (!s) return;
      if (s.length < min || s.length > max) throw new Error(`密码长度应为 ${min}-${max} 位`);
      if (!mixed(s)) throw new Error(MIXED);
    },
  };
}
/** How the password's bounds read in a placeholder: 6-32 位，含字母和数字. */
export function passwordHint(path: AccountPath): string {
  const { minLength: min, maxLength: max } = serverField(path, 'password');
  return `${min}-${max} 位，含字母和数字`;
}
/** Letters and digits both: the policy's part a form checks beside the server's length bounds (desk serverRules). */
export const PASSWORD_MIX_RULE: Rule = {
  validator: async (_, v: unknown) => {
    if (typeof v === 'string' && v && !mixed(v)) throw new Error(MIXED);
  },
};

/** The validity value meaning 长期有效 (unavailableTime null). */
export const FOREVER = 'forever';
/** 有效期 is a date: the account works through the end of that day. */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The form's validity of an account: its last day, or FOREVER. */
export const validityFrom = (unavailableTime: string | null | undefined): string => (unavailableTime ? unavailableTime.slice(0, 10) : FOREVER);

/** The validity the server takes: null for 长期有效, else the date yyyy-MM-dd. */
export const validityOf = (choice: string | null | undefined): string | null => (!choice || choice === FOREVER ? null : choice);

/** A picked day must not be before today (an unchanged past date of an expired account may stay). */
export function validityRule(kept: string | undefined): Rule {
  return {
    validator: async (_, v: unknown) => {
      if (typeof v !== 'string' || v === FOREVER || v === kept) return;
      if (v < dayjs().format(DATE_FORMAT)) throw new Error('有效期不能早于今天');
    },
  };
}

/** Whether a button of the tree is an action (granted only when ticked itself) rather than a view of its menu. */
export const isAction = (button: { key: string }): boolean => !VIEW_BUTTONS.has(button.key);

/**
 * The checked ids after ticking (`on`) or unticking `id`: a menu takes itself and its views only (its
 * actions, e.g. 站点删除 or 处理异常, are ticked one by one) and drops all its buttons when unticked; a
 * button brings its menu along, and leaves it when unticked.
 */
export function tick(tree: readonly PermissionMenu[], checked: readonly number[], id: number, on: boolean): number[] {
  const next = new Set(checked);
  const menu = tree.find((m) => m.id === id);
  if (menu) {
    if (on) for (const p of [menu.id, ...menu.children.filter((c) => !isAction(c)).map((c) => c.id)]) next.add(p);
    else for (const p of [menu.id, ...menu.children.map((c) => c.id)]) next.delete(p);
  } else if (on) {
    next.add(id);
    const parent = tree.find((m) => m.children.some((c) => c.id === id));
    if (parent) next.add(parent.id);
  } else {
    next.delete(id);
  }
  return [...next].sort((a, b) => a - b);
}

/** The ids of the tree (what the editor may grant). */
export const treeIds = (tree: readonly PermissionMenu[]): Set<number> => new Set(tree.flatMap((m) => [m.id, ...m.children.map((c) => c.id)]));
