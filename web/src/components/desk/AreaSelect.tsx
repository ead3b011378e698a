/**
 * The console's one area picker, over the user's own area tree (session): a six-digit area id, or
 * with `multiple` a list of them (an enterprise's launch and operation areas).
 */
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../../app/session/store';
import type { AreaNode } from '../../app/session/types';

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

/** Area nodes as tree options (districts are leaves). */
function areaOptions(nodes: readonly AreaNode[]): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.areaName,
    children: n.children?.length ? areaOptions(n.children) : undefined,
  }));
}

type Props = { placeholder?: string; id?: string } & (
  | { multiple?: false; value?: string; onChange?: (value: string | undefined) => void }
  | { multiple: true; value?: string[]; onChange?: (value: string[]) => void }
);

export default function AreaSelect({ value, onChange, multiple, placeholder = '请选择区域', id }: Props) {
  const tree = useSession((s) => s.areaAll);
  const treeData = useMemo(() => areaOptions(tree), [tree]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={(v?: string | string[]) => onChange?.(v as never)}
      treeData={treeData}
      multiple={multiple}
      maxTagCount={multiple ? 'responsive' : undefined}
      placeholder={placeholder}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandedKeys={treeData[0] ? [treeData[0].value] : []}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}
