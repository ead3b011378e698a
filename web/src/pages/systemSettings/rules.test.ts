import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { FOREVER, isAction, passwordHint, passwordRule, phoneRule, tick, usernameRule, validityFrom, validityOf, validityRule } from './rules';
import type { PermissionMenu } from './types';

const tree: PermissionMenu[] = [
  {
    id: 1,
    key: 'warn',
    name: '异常列表',
    children: [
      { id: 101, key: 'warn.handle', name: '处理异常' },
      { id: 102, key: 'warn.export', name: '导出异常' },
    ],
  },
];

describe('permission ticks', () => {
  it('a menu takes itself only, no action of it, and drops all its buttons; a button brings its menu', () => {
    // a "view only" role got 处理异常 and 导出异常 with 异常列表 until each was unticked
    expect(tick(tree, [], 1, true)).toEqual([1]);
    expect(tick(tree, [1, 101, 102], 1, false)).toEqual([]);
    expect(tick(tree, [101], 1, true)).toEqual([1, 101]);
    expect(tick(tree, [], 102, true)).toEqual([1, 102]);
    expect(tick(tree, [1, 102], 102, false)).toEqual([1]);
  });
});

describe('the big screen menu', () => {
  const home: PermissionMenu[] = [
    {
      id: 64,
      key: 'home',
      name: '首页大屏',
      children: [
        { id: 59, key: 'home.siteRank', name: '站点排名' },
        { id: 60, key: 'home.totalRing', name: '总量监控环形图' },
        { id: 134, key: 'home.totalTrend', name: '总量趋势图' },
        { id: 135, key: 'home.siteDelete', name: '删除站点' },
        { id: 136, key: 'home.fullPile', name: '满桩值设置' },
        { id: 137, key: 'home.export', name: '大屏数据导出' },
      ],
    },
  ];
  it('takes its views (the panels) with it, never 删除站点, 满桩值设置 or 导出', () => {
    expect(tick(home, [], 64, true)).toEqual([59, 60, 64, 134]);
    expect(home[0].children.filter(isAction).map((c) => c.name)).toEqual(['删除站点', '满桩值设置', '大屏数据导出']);
  });
});

describe('validity', () => {
  it('is a date or 长期有效, never a day before today unless kept', async () => {
    expect(validityFrom('2026-12-31 23:59:59')).toBe('2026-12-31');
    expect(validityFrom(null)).toBe(FOREVER);
    expect(validityOf(FOREVER)).toBeNull();
    expect(validityOf(undefined)).toBeNull();
    expect(validityOf('2026-12-24')).toBe('2026-12-24');
    const check = (kept: string | undefined, v: string) => (validityRule(kept) as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, v);
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    await expect(check(undefined, yesterday)).rejects.toThrow('有效期不能早于今天');
    await expect(check(yesterday, yesterday)).resolves.toBeUndefined(); // an expired account's date, unchanged
    await expect(check(undefined, dayjs().format('YYYY-MM-DD'))).resolves.toBeUndefined();
    await expect(check(undefined, FOREVER)).resolves.toBeUndefined();
  });
});

describe("account rules from the server's schemas (api/rules.gen.ts)", () => {
  it("words the route's username and phone patterns as the forms always have", () => {
    expect(usernameRule('/api/register')).toEqual({ pattern: /^[A-Za-z0-9_]{3,32}$/, message: '用户名为 3-32 位字母、数字或下划线' });
    expect(usernameRule('/api/user/add')).toEqual(usernameRule('/api/register'));
    expect(phoneRule('/api/user/edit')).toEqual({ pattern: /^1\d{10}$/, message: '请输入 11 位手机号' });
    expect(phoneRule('/api/saveThirdPartyAuthUser')).toEqual(phoneRule('/api/register'));
  });

  it("checks the password within the route's length bounds, with letters and digits", async () => {
    const check = (v: string) => (passwordRule('/api/register') as RuleObject).validator!({} as never, v, () => undefined);
    await expect(check('a1b2')).rejects.toThrow('密码长度应为 6-32 位');
    await expect(check(`a1${'b'.repeat(31)}`)).rejects.toThrow('密码长度应为 6-32 位');
    await expect(check('abcdefg')).rejects.toThrow('密码需同时包含字母和数字');
    await expect(check('abc123')).resolves.toBeUndefined();
    expect(passwordHint('/api/user/add')).toBe('6-32 位，含字母和数字');
  });
});
