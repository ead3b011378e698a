import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../server/src/domain/permissions';
import { PERMISSION_IDS, type PermissionName, can, entriesOf } from './permission';

const perms = [
  { id: 64, name: '首页', children: [60, 59] },
  { id: '7', children: [] },
];

describe('the console names permissions as the server does', () => {
  it('has every key of the server catalogue, with its menu and button ids, and no other', () => {
    const server = Object.fromEntries(PERMISSIONS.map((p) => [p.key, p.parentId === null ? [p.id] : [p.parentId, p.id]]));
    expect(PERMISSION_IDS).toEqual(server);
  });
});

describe('can', () => {
  it('allows a held menu, ids written as numbers or strings', () => {
    expect(can(perms, 'home')).toBe(true);
    expect(can(perms, 'companyManagement')).toBe(true);
  });
  it('checks the button under its menu', () => {
    expect(can(perms, 'home.totalRing')).toBe(true);
    expect(can(perms, 'home.siteRank')).toBe(true);
    expect(can(perms, 'home.totalTrend')).toBe(false);
    expect(can(perms, 'company.export')).toBe(false);
  });
  it('denies missing entries and empty lists', () => {
    expect(can(perms, 'warn')).toBe(false);
    expect(can([], 'home')).toBe(false);
    expect(can(null, 'home.totalRing')).toBe(false);
  });
  it('tolerates entries without children', () => {
    expect(can([{ id: 1 }], 'warn.handle')).toBe(false);
    expect(can([{ id: 1 }], 'warn')).toBe(true);
  });
});

describe('entriesOf', () => {
  it('builds the session list that holds exactly the names', () => {
    const names: PermissionName[] = ['home', 'home.siteRank', 'company.export', 'warn'];
    const entries = entriesOf(names);
    expect(entries).toEqual([
      { id: 64, children: [59] },
      { id: 7, children: [110] },
      { id: 1, children: [] },
    ]);
    for (const name of Object.keys(PERMISSION_IDS) as PermissionName[]) {
      const held = names.includes(name) || name === 'companyManagement';
      expect(can(entries, name), name).toBe(held);
    }
  });
});
