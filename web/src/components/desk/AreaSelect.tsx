/** Area picker over the user's own area tree (session); the value is a six-digit area id. */
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
export function areaOptions(nodes: readonly AreaNode[]): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.areaName,
    children: n.children?.length ? areaOptions(n.children) : undefined,
  }));
}

interface Props {
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  id?: string;
}

export default function AreaSelect({ value, onChange, placeholder = '请选择区域', id }: Props) {
  const tree = useSession((s) => s.areaAll);
  const treeData = useMemo(() => areaOptions(tree), [tree]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={(v?: string) => onChange?.(v)}
      treeData={treeData}
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
