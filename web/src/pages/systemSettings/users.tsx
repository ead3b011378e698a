/**
 * 用户管理: the accounts of the editor's area and below (user/list), phones masked (spec §5), with
 * 编辑, 重置密码 (the new password shown once), 禁用 / 启用 (温馨提示 first). Every call needs 用户管理 (112).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { useSession } from '../../app/session/store';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, type Option, optionsOf, tellFailure, useList, useUrlQuery } from '../../components/desk';
import { maskMobile } from '../../lib/mask';
import PasswordOnce, { type ShownPassword } from './PasswordOnce';
import { banUser, fetchAssignableRoles, fetchUsers, fetchVisibleRoles, resetPassword } from './service';
import type { UserKey, UserRow } from './types';
import UserForm from './UserForm';

export const USER_STATUS: Record<number, { label: string; color: string }> = {
  0: { label: '正常', color: 'green' },
  1: { label: '禁用', color: 'red' },
};

export function userFilters(roles: Option[], withArea: boolean): Field<UserKey>[] {
  const fields: Field<UserKey>[] = [
    { name: 'username', label: '用户名', type: 'input' },
    { name: 'name', label: '姓名', type: 'input' },
    { name: 'phone', label: '手机号', type: 'input' },
    { name: 'roleId', label: '角色', type: 'select', options: roles },
    { name: 'status', label: '状态', type: 'select', options: optionsOf({ 0: '正常', 1: '禁用' }) },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

interface ColumnProps {
  selfId: number | string | undefined;
  onEdit: (u: UserRow) => void;
  onReset: (u: UserRow) => Promise<unknown>;
  onBan: (u: UserRow) => Promise<unknown>;
}

function Validity({ at }: { at: string | null }) {
  if (!at) return <span>长期</span>;
  return dayjs(at).isBefore(dayjs()) ? <Tag color="orange">{at.slice(0, 10)} 已过期</Tag> : <span>{at.slice(0, 10)}</span>;
}

export function userColumns(p: ColumnProps): ColumnsType<UserRow> {
  return [
    { title: '用户名', dataIndex: 'username', width: 120, ellipsis: true },
    { title: '姓名', dataIndex: 'name', width: 100, ellipsis: true },
    { title: '手机号', dataIndex: 'phone', width: 120, render: (v: string | null) => maskMobile(v) || '—' },
    { title: '角色', key: 'roles', width: 150, ellipsis: true, render: (_, u) => u.roles.map((r) => r.roleName).join('、') || '—' },
    { title: '区域', dataIndex: 'areaName', width: 100 },
    { title: '有效期', dataIndex: 'unavailableTime', width: 120, render: (v: string | null) => <Validity at={v} /> },
    { title: '状态', dataIndex: 'status', width: 70, render: (s: number) => <Tag color={USER_STATUS[s]?.color}>{USER_STATUS[s]?.label ?? s}</Tag> },
    { title: '创建时间', dataIndex: 'createTime', width: 160 },
    {
      title: '操作',
      key: 'actions',
      width: 165,
      fixed: 'right',
      render: (_, u) => (
        <RowActions
          actions={[
            { label: '编辑', onClick: () => p.onEdit(u) },
            { label: '重置密码', confirm: `确定要重置用户“${u.name || u.username}”的密码吗？原密码将立即失效。`, onClick: () => p.onReset(u) },
            u.status === 1
              ? { label: '启用', confirm: `确定要启用用户“${u.name || u.username}”吗？`, onClick: () => p.onBan(u) }
              : {
                  label: '禁用',
                  danger: true,
                  hidden: String(u.id) === String(p.selfId),
                  confirm: `确定要禁用用户“${u.name || u.username}”吗？禁用后其登录立即失效。`,
                  onClick: () => p.onBan(u),
                },
          ]}
        />
      ),
    },
  ];
}

/** Role filter options: every visible role with 角色管理, else the roles this editor may assign. */
function useRoleOptions(canRoles: boolean): Option[] {
  const roles = useQuery({
    queryKey: ['systemSettings', canRoles ? 'visibleRoles' : 'assignableRoles'],
    queryFn: canRoles ? fetchVisibleRoles : fetchAssignableRoles,
    staleTime: 60_000,
  });
  return useMemo(() => (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.roleName })), [roles.data]);
}

export default function UsersTab({ areaUser, canRoles }: { areaUser: boolean; canRoles: boolean }) {
  const roles = useRoleOptions(canRoles);
  const fields = useMemo(() => userFilters(roles, areaUser), [roles, areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('users', query, fetchUsers);
  const client = useQueryClient();
  const me = useSession((s) => s.user);
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const columns = useMemo(() => {
    const refresh = () => client.invalidateQueries({ queryKey: ['desk', 'users'] });
    return userColumns({
      selfId: me?.id,
      onEdit: setEditing,
      onReset: async (u) => {
        try {
          const password = await resetPassword(u.id);
          if (password) setShown({ who: u.name || u.username, password });
        } catch (err) {
          tellFailure(err);
        }
      },
      onBan: async (u) => {
        const status = u.status === 1 ? 0 : 1;
        try {
          await banUser(u.id, status);
          void toast().success(status === 1 ? '用户已禁用' : '用户已启用');
          await refresh();
        } catch (err) {
          tellFailure(err);
        }
      },
    });
  }, [client, me?.id]);
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        onRefresh={() => void list.refetch()}
        left={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增用户
          </Button>
        }
      />
      <DataTable<UserRow> rowKey="id" columns={columns} list={list} query={query} />
      <UserForm
        editing={editing}
        areaId={query.filters.selfAreaId ?? me?.areaId}
        onClose={() => setEditing(null)}
        onSaved={() => client.invalidateQueries({ queryKey: ['desk', 'users'] })}
      />
      <PasswordOnce shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
