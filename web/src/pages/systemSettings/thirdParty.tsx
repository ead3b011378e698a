/**
 * 第三方授权: read-only keys for outside parties (a data bureau, a map vendor), one area each, with a
 * validity period (getThirdPartyAuthList; phones come masked). 新增 shows the key once with a copy
 * button; 重置密钥 replaces it (the old one stops at once); 撤销 / 恢复 after 温馨提示. Needs 用户管理 (112).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { useSession } from '../../app/session/store';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, optionsOf, useList, useUrlQuery } from '../../components/desk';
import PasswordOnce, { type ShownPassword } from './PasswordOnce';
import { fetchThirdParty, resetThirdPartyKey, saveThirdParty, tellFailure } from './service';
import ThirdPartyForm from './ThirdPartyForm';
import type { ThirdPartyKey, ThirdPartyRow } from './types';

export function thirdPartyFilters(withArea: boolean): Field<ThirdPartyKey>[] {
  const fields: Field<ThirdPartyKey>[] = [
    { name: 'name', label: '名称', type: 'input' },
    { name: 'company', label: '单位', type: 'input' },
    { name: 'phone', label: '联系手机', type: 'input' },
    { name: 'state', label: '状态', type: 'select', options: optionsOf({ 0: '有效', 1: '已撤销', 2: '已过期' }) },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

function State({ k }: { k: ThirdPartyRow }) {
  if (k.status === 1) return <Tag color="red">已撤销</Tag>;
  if (k.expired) return <Tag color="orange">已过期</Tag>;
  return <Tag color="green">有效</Tag>;
}

interface ColumnProps {
  onEdit: (k: ThirdPartyRow) => void;
  onReset: (k: ThirdPartyRow) => Promise<unknown>;
  onRevoke: (k: ThirdPartyRow) => Promise<unknown>;
}

export function thirdPartyColumns(p: ColumnProps): ColumnsType<ThirdPartyRow> {
  return [
    { title: '名称', dataIndex: 'name', width: 130, ellipsis: true },
    { title: '单位', dataIndex: 'company', width: 130, ellipsis: true, render: (v: string | null) => v || '—' },
    { title: '联系手机', dataIndex: 'phone', width: 110 },
    { title: '授权区域', dataIndex: 'areaName', width: 90 },
    { title: '有效期至', dataIndex: 'expireTime', width: 100, render: (v: string) => v.slice(0, 10) },
    { title: '状态', key: 'state', width: 75, render: (_, k) => <State k={k} /> },
    { title: '密钥', dataIndex: 'keyPrefix', width: 130, render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
    {
      title: '最近使用',
      dataIndex: 'lastUseTime',
      width: 150,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">从未使用</Typography.Text>,
    },
    {
      title: '创建',
      key: 'created',
      width: 170,
      render: (_, k) => (
        <span title={k.createTime}>
          {k.creatorName ?? '—'} {k.createTime.slice(0, 10)}
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, k) => (
        <RowActions
          actions={[
            { label: '编辑', onClick: () => p.onEdit(k) },
            { label: '重置密钥', confirm: `确定要重置“${k.name}”的密钥吗？原密钥将立即失效。`, onClick: () => p.onReset(k) },
            k.status === 1
              ? { label: '恢复', confirm: `确定要恢复“${k.name}”的授权吗？原密钥将重新可用。`, onClick: () => p.onRevoke(k) }
              : { label: '撤销', danger: true, confirm: `确定要撤销“${k.name}”的授权吗？撤销后其密钥立即失效。`, onClick: () => p.onRevoke(k) },
          ]}
        />
      ),
    },
  ];
}

const shownKey = (name: string, key: string): ShownPassword => ({
  who: name,
  password: key,
  title: '第三方密钥',
  label: `“${name}”的访问密钥（请求头 Authorization: Bearer 密钥）：`,
  warning: '密钥只显示这一次，请立即复制并安全转交对方；遗失后只能重置',
});

export default function ThirdPartyTab({ areaUser }: { areaUser: boolean }) {
  const fields = useMemo(() => thirdPartyFilters(areaUser), [areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('thirdParty', query, fetchThirdParty);
  const client = useQueryClient();
  const me = useSession((s) => s.user);
  const [editing, setEditing] = useState<ThirdPartyRow | 'new' | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const columns = useMemo(() => {
    const refresh = () => client.invalidateQueries({ queryKey: ['desk', 'thirdParty'] });
    return thirdPartyColumns({
      onEdit: setEditing,
      onReset: async (k) => {
        try {
          setShown(shownKey(k.name, await resetThirdPartyKey(k.id)));
          await refresh();
        } catch (err) {
          tellFailure(err);
        }
      },
      onRevoke: async (k) => {
        const status = k.status === 1 ? 0 : 1;
        try {
          await saveThirdParty({ id: k.id, status });
          void toast().success(status === 1 ? '授权已撤销' : '授权已恢复');
          await refresh();
        } catch (err) {
          tellFailure(err);
        }
      },
    });
  }, [client]);
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        onRefresh={() => void list.refetch()}
        left={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增授权
          </Button>
        }
      />
      <DataTable<ThirdPartyRow> rowKey="id" columns={columns} list={list} query={query} />
      <ThirdPartyForm
        editing={editing}
        areaId={query.filters.selfAreaId ?? me?.areaId}
        onClose={() => setEditing(null)}
        onSaved={() => void client.invalidateQueries({ queryKey: ['desk', 'thirdParty'] })}
        onCreated={(name, key) => setShown(shownKey(name, key))}
      />
      <PasswordOnce shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
