/**
 * 新增角色 / 编辑角色: name, remark, 可申请, and the permission tree (role/getPermission: only what
 * the editor holds, which is all the server lets them grant). A ticked button brings its menu.
 */
import { Alert, Empty, Spin, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormDialog, type Field } from '../../components/desk';
import { tick, treeIds } from './rules';
import { addRole, editRole, fetchPermissionTree } from './service';
import type { PermissionMenu, RoleRow } from './types';

export interface RoleValues {
  roleName: string;
  remark?: string;
  applicable?: boolean;
}

export const ROLE_FIELDS: Field[] = [
  { name: 'roleName', label: '角色名称', type: 'input', required: true, rules: [{ max: 64, message: '角色名称最多 64 个字' }] },
  { name: 'remark', label: '备注', type: 'textarea', rules: [{ max: 256, message: '备注最多 256 个字' }] },
  { name: 'applicable', label: '可申请', type: 'switch', extra: '开启后，注册的用户可申请此角色' },
];

interface TreeProps {
  tree: readonly PermissionMenu[];
  checked: number[];
  onChange: (checked: number[]) => void;
}

/** The checkable tree: menus and their buttons, each ticked on its own (checkStrictly) with the menu rule of `tick`. */
export function PermissionTree({ tree, checked, onChange }: TreeProps) {
  const data = useMemo(() => tree.map((m) => ({ key: m.id, title: m.name, children: m.children.map((b) => ({ key: b.id, title: b.name })) })), [tree]);
  return (
    <div className="sys-permission-tree" aria-label="权限">
      <div className="sys-permission-title">权限（已选 {checked.length} 项）</div>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={data}
        checkedKeys={{ checked, halfChecked: [] }}
        onCheck={(_, info) => onChange(tick(tree, checked, Number(info.node.key), info.checked))}
      />
    </div>
  );
}

interface Props {
  editing: RoleRow | 'new' | null;
  onClose: () => void;
  onSaved: () => unknown;
}

/** Mount it with a key per opening: the ticks start from the role each time. */
export default function RoleForm({ editing, onClose, onSaved }: Props) {
  const role = editing === 'new' ? null : editing;
  const tree = useQuery({ queryKey: ['systemSettings', 'permissionTree'], queryFn: fetchPermissionTree, enabled: editing !== null, staleTime: 60_000 });
  const [ticked, setTicked] = useState<number[] | null>(null);
  const grantable = useMemo(() => treeIds(tree.data ?? []), [tree.data]);
  const own = (role?.permissionIds ?? []).filter((id) => grantable.has(id));
  const beyond = tree.data ? (role?.permissionIds ?? []).filter((id) => !grantable.has(id)).length : 0;
  const checked = ticked ?? own;

  const submit = async (v: RoleValues) => {
    const body = { roleName: v.roleName.trim(), remark: v.remark?.trim() ?? '', applicable: !!v.applicable, permissionIds: checked };
    if (role) await editRole({ id: role.id, ...body });
    else await addRole(body);
    await onSaved();
  };

  const aside = (
    <Spin spinning={tree.isLoading}>
      {beyond > 0 && (
        <Alert type="warning" showIcon title={`该角色有 ${beyond} 项您未拥有的权限，您不能授予；保存后这些权限将被移除`} style={{ marginBottom: 8 }} />
      )}
      {tree.data?.length === 0 && <Empty description="您没有可授予的权限" />}
      {/* mounted with its data, so that every menu starts expanded */}
      {!!tree.data?.length && <PermissionTree tree={tree.data} checked={checked} onChange={setTicked} />}
    </Spin>
  );

  return (
    <FormDialog<RoleValues>
      open={editing !== null}
      title={role ? '编辑角色' : '新增角色'}
      fields={ROLE_FIELDS}
      initialValues={role ? { roleName: role.roleName, remark: role.remark ?? undefined, applicable: role.applicable } : { applicable: false }}
      success={role ? '角色修改成功' : '角色添加成功'}
      width={760}
      aside={aside}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
