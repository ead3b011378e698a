import { describe, expect, it } from 'vitest';
import { AGGREGATION_HELP, AGGREGATION_VIEW_HELP, AREA_FORM } from './areaForm';
import { FORBID_TYPE_HELP } from './forbidForm';

describe('explanations beside the area and zone fields', () => {
  it('say what 聚合区域 chooses and why an area counted on its own is a 聚合视图', () => {
    expect(AREA_FORM.find((f) => f.name === 'aggregation')?.extra).toBe(AGGREGATION_HELP);
    expect(AGGREGATION_HELP).toContain('单独统计');
    expect(AGGREGATION_VIEW_HELP).toContain('选“否”且未填编码');
    expect(AGGREGATION_VIEW_HELP).toContain('独立统计的区域');
  });
  it('say that 禁停围栏 and 禁停区 act alike on alerts', () => {
    expect(FORBID_TYPE_HELP).toContain('作用相同');
    expect(FORBID_TYPE_HELP).toContain('站外停放');
  });
});
