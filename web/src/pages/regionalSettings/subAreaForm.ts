/** 新增下级区域: the code (checked with the server's own rule for the parent) and the name. */
import { type Field, serverRules } from '../../components/desk';
import { codeMisfit } from '../../lib/areaCodes';
import type { Area, NewArea } from './types';

export interface SubAreaValues {
  parent: string;
  id: string;
  areaName: string;
}

/** The example code a parent's children take (placeholder of the code field). */
function codeHint(parent: Pick<Area, 'id' | 'level'>): string {
  const p = parent.id;
  return ['110000', `${p.slice(0, 2)}0100`, `${p.slice(0, 4)}01`, `${p.slice(0, 4)}90`][parent.level] ?? '';
}

export function subAreaForm(parent: Pick<Area, 'id' | 'level'>): Field<keyof SubAreaValues>[] {
  return [
    { name: 'parent', label: '上级区域', type: 'display' },
    {
      name: 'id',
      label: '区域编码',
      type: 'input',
      required: true,
      placeholder: `6 位数字，如 ${codeHint(parent)}`,
      rules: [
        {
          validator: async (_, v: unknown) => {
            const code = typeof v === 'string' ? v.trim() : '';
            if (!code) return;
            const misfit = codeMisfit(code, parent);
            if (misfit) throw new Error(misfit);
          },
        },
      ],
    },
    { name: 'areaName', label: '区域名称', type: 'input', required: true, rules: serverRules('/api/area/', 'areaName', '区域名称') },
  ];
}

export const subAreaBody = (parentId: string, v: SubAreaValues): NewArea => ({ id: v.id.trim(), parentId, areaName: v.areaName.trim() });
