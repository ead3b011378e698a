/**
 * 角色管理: the roles of the editor's area and below and the platform's (role/list), with 新增 / 编辑
 * and 删除 (温馨提示; the server refuses a role in use and says how many hold it). The dialog: name,
 * remark, 可申请, and the permission tree (role/getPermission: only what the editor holds, which is
 * all the server lets them grant; a ticked button brings its menu). Every call needs 角色管理.
 */
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Empty, Spin, Tag, Tree } from 'antd';
import { useMemo } from 'react';
import { CrudTab, type Field, defineCrud } from '../../components/desk';
import { NATION_ID } from '../../lib/area';
import { isAction, tick, treeIds } from './rules';
import { addRole, deleteRole, editRole, fetchPermissionTree, fetchRoles } from './service';
import type { PermissionMenu, RoleAddBody, RoleKey, RoleRow } from './types';

/** The tree of what this editor may grant (the dialog's, and what a save keeps of a role's ids). */
const GRANTABLE = queryOptions({ queryKey: ['systemSettings', 'permissionTree'], queryFn: fetchPermissionTree, staleTime: 60_000 });

interface TreeProps {
  tree: readonly PermissionMenu[];
  checked: number[];
  onChange?: (checked: number[]) => void;
}

/** A button's title: its name and whether it is an action (ticked one by one) or a view that comes with its menu. */
const buttonTitle = (b: PermissionMenu['children'][number]) => (
  <span className="sys-permission-button">
    <span>{b.name}</span>
    {isAction(b) ? <Tag color="orange">操作</Tag> : <Tag color="blue">查看</Tag>}
  </span>
);

/**
 * The checkable tree: menus and their buttons, each ticked on its own (checkStrictly) with the menu
 * rule of `tick` (a menu brings its views, never its actions); every menu is expanded, so the actions
 * left unticked are in sight under it.
 */
function PermissionTree({ tree, checked, onChange }: TreeProps) {
  const data = useMemo(() => tree.map((m) => ({ key: m.id, title: m.name, children: m.children.map((b) => ({ key: b.id, title: buttonTitle(b) })) })), [tree]);
  return (
    <div className="sys-permission-tree" aria-label="权限">
      <div className="sys-permission-title">权限（已选 {checked.length} 项）</div>
      <div className="sys-permission-help">勾选菜单即可打开并查看该页面；其下标为“操作”的权限（编辑、删除、处理、导出等）不会随菜单勾选，需逐项勾选。</div>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={data}
        checkedKeys={{ checked, halfChecked: [] }}
        onCheck={(_, info) => onChange?.(tick(tree, checked, Number(info.node.key), info.checked))}
      />
    </div>
  );
}

/** The dialog's fields; the tree (a custom field holding permissionIds) shows the ids this editor may grant. */
function useRoleFields(role: RoleRow | null): Field[] {
  const tree = useQuery(GRANTABLE);
  return useMemo(() => {
    const grantable = treeIds(tree.data ?? []);
    const beyond = tree.data ? (role?.permissionIds ?? []).filter((id) => !grantable.has(id)).length : 0;
    return [
      { name: 'roleName', label: '角色名称', type: 'input', required: true },
      { name: 'remark', label: '备注', type: 'textarea' },
      { name: 'applicable', label: '可申请', type: 'switch', extra: '开启后，注册的用户可申请此角色' },
      {
        name: 'permissionIds',
        label: '', // the tree heads itself, with the count ticked
        type: 'custom',
        render: (p) => (
          <Spin spinning={tree.isLoading}>
            {beyond > 0 && (
              <Alert type="warning" showIcon title={`该角色有 ${beyond} 项您未拥有的权限，您不能授予；保存后这些权限将被移除`} style={{ marginBottom: 8 }} />
            )}
            {tree.data?.length === 0 && <Empty description="您没有可授予的权限" />}
            {/* mounted with its data, so that every menu starts expanded */}
            {!!tree.data?.length && (
              <PermissionTree tree={tree.data} checked={((p.value as number[] | undefined) ?? []).filter((id) => grantable.has(id))} onChange={p.onChange} />
            )}
          </Spin>
        ),
      },
    ];
  }, [tree.data, tree.isLoading, role]);
}

const rolesSpec = (client: QueryClient) =>
  defineCrud<RoleRow, RoleKey, RoleAddBody>({
    key: 'roles',
    rowKey: 'id',
    list: fetchRoles,
    filters: [{ name: 'roleName', label: '角色名称', type: 'input' }],
    columns: [
      { title: '角色名称', dataIndex: 'roleName', width: 160, ellipsis: true },
      { title: '区域', dataIndex: 'areaName', width: 110, render: (name: string, r) => (r.areaId === NATION_ID ? '平台' : name || r.areaId) },
      { title: '权限数', key: 'permissions', width: 90, render: (_, r) => r.permissionIds.length },
      { title: '使用人数', dataIndex: 'userCount', width: 90 },
      { title: '可申请', dataIndex: 'applicable', width: 90, render: (on: boolean) => (on ? <Tag color="blue">可申请</Tag> : '—') },
      { title: '备注', dataIndex: 'remark', width: 200, ellipsis: true, render: (v: string | null) => v || '—' },
      { title: '创建时间', dataIndex: 'createTime', width: 170 },
    ],
    form: {
      noun: '角色',
      rulesOf: (role) => (role ? '/api/role/edit' : '/api/role/add'),
      useFields: useRoleFields,
      initial: (role) =>
        role
          ? { roleName: role.roleName, remark: role.remark ?? undefined, applicable: role.applicable, permissionIds: role.permissionIds }
          : { applicable: false, permissionIds: [] },
      save: async (v, role) => {
        // what the editor may not grant leaves the role (the dialog said so)
        const grantable = treeIds(await client.ensureQueryData(GRANTABLE));
        const body = {
          roleName: v.roleName.trim(),
          remark: v.remark?.trim() ?? '',
          applicable: !!v.applicable,
          permissionIds: (v.permissionIds ?? []).filter((id) => grantable.has(id)),
        };
        if (role) await editRole({ id: role.id, ...body });
        else await addRole(body);
      },
      dialog: { width: 640 },
    },
    remove: { call: (r) => deleteRole(r.id), what: (r) => `角色“${r.roleName}”`, success: '角色已删除' },
    permissions: { edit: 'role.manage' },
  });

export default function RolesTab() {
  const client = useQueryClient();
  const spec = useMemo(() => rolesSpec(client), [client]);
  return <CrudTab spec={spec} />;
}
