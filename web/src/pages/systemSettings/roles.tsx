/**
 * 角色管理: the roles of the editor's area and below and the platform's (role/list), with 新增 / 编辑
 * (permission tree) and 删除 (温馨提示; the server refuses a role in use and says how many hold it).
 * Every call needs 角色管理 (113).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, tellFailure, useList, useUrlQuery } from '../../components/desk';
import { NATION_ID } from '../../lib/area';
import RoleForm from './RoleForm';
import { deleteRole, fetchRoles } from './service';
import type { RoleKey, RoleRow } from './types';

export const ROLE_FILTERS: Field<RoleKey>[] = [{ name: 'roleName', label: '角色名称', type: 'input' }];

interface ColumnProps {
  onEdit: (r: RoleRow) => void;
  onDelete: (r: RoleRow) => Promise<unknown>;
}

export function roleColumns(p: ColumnProps): ColumnsType<RoleRow> {
  return [
    { title: '角色名称', dataIndex: 'roleName', width: 160, ellipsis: true },
    { title: '区域', dataIndex: 'areaName', width: 110, render: (name: string, r) => (r.areaId === NATION_ID ? '平台' : name || r.areaId) },
    { title: '权限数', key: 'permissions', width: 90, render: (_, r) => r.permissionIds.length },
    { title: '使用人数', dataIndex: 'userCount', width: 90 },
    { title: '可申请', dataIndex: 'applicable', width: 90, render: (on: boolean) => (on ? <Tag color="blue">可申请</Tag> : '—') },
    { title: '备注', dataIndex: 'remark', width: 200, ellipsis: true, render: (v: string | null) => v || '—' },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          actions={[
            { label: '编辑', onClick: () => p.onEdit(r) },
            { label: '删除', danger: true, confirm: `确定要删除角色“${r.roleName}”吗？`, onClick: () => p.onDelete(r) },
          ]}
        />
      ),
    },
  ];
}

export default function RolesTab() {
  const query = useUrlQuery(ROLE_FILTERS);
  const list = useList('roles', query, fetchRoles);
  const client = useQueryClient();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [opened, setOpened] = useState(0);
  const columns = useMemo(
    () =>
      roleColumns({
        onEdit: (r) => {
          setOpened((n) => n + 1);
          setEditing(r);
        },
        onDelete: async (r) => {
          try {
            await deleteRole(r.id);
            void toast().success('角色已删除');
            await client.invalidateQueries({ queryKey: ['desk', 'roles'] });
          } catch (err) {
            tellFailure(err);
          }
        },
      }),
    [client],
  );
  return (
    <>
      <QueryForm fields={ROLE_FILTERS} query={query} />
      <ListToolbar
        onRefresh={() => void list.refetch()}
        left={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setOpened((n) => n + 1);
              setEditing('new');
            }}
          >
            新增角色
          </Button>
        }
      />
      <DataTable<RoleRow> rowKey="id" columns={columns} list={list} query={query} />
      <RoleForm key={opened} editing={editing} onClose={() => setEditing(null)} onSaved={() => client.invalidateQueries({ queryKey: ['desk', 'roles'] })} />
    </>
  );
}
