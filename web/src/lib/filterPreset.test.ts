import { describe, expect, it } from 'vitest';
import { TODO_ITEMS } from '../pages/index/panels/TodoList';
import { describeFilterPreset, parseFilterPreset } from './filterPreset';

const of = (to: string) => parseFilterPreset(new URLSearchParams(to.split('?')[1] ?? ''));

describe('filter presets of the to-do links', () => {
  it('reads every link of the home to-do list', () => {
    const presets = Object.fromEntries(TODO_ITEMS.map((t) => [t.key, of(t.to)]));
    expect(presets.siteApplyPend).toEqual({ state: '0' });
    expect(presets.siteRolePend).toEqual({ roleId: 27, auditStatus: 0 });
    expect(presets.siteLowPowerPend).toEqual({ equipmentPower: [0, 10] });
    expect(presets.accusePend).toEqual({ state: '0' });
    expect(presets.userPend).toEqual({ applyType: 1, auditStatus: 0 });
    expect(presets.maintainPend).toEqual({ roleId: 31, auditStatus: 0 });
    expect(presets.supervisePend).toEqual({ roleId: 32, auditStatus: 0 });
    expect(presets.dispatchWarnPend).toEqual({ clockWarn: 1, clockRole: 1 });
    expect(presets.dispatchPend).toEqual({ state: 'pending' });
    for (const t of TODO_ITEMS) expect(describeFilterPreset(of(t.to)).length, t.to).toBeGreaterThan(0);
  });

  it('ignores malformed values', () => {
    expect(of('/x?roleId=abc&equipmentPower=10-0&clockWarn=')).toEqual({});
    expect(describeFilterPreset(of('/deviceManagement?equipmentPower=0-10'))).toEqual(['电量低于 10%']);
    expect(describeFilterPreset(of('/deviceManagement?equipmentPower=10-20'))).toEqual(['电量 10%（含）至 20%（不含）']);
    expect(describeFilterPreset(of('/deviceManagement?equipmentPower=90-100'))).toEqual(['电量 90%–100%']);
  });
});
