/**
 * 站点分组: magnify groups (/api/site/magnify). An open group's factor scales its sites' capacity in
 * the snapshot (and so their status); 执行时间 is when it last took effect. 开关 opens or closes one,
 * 新增 / 编辑 with 冲突检查, 查看站点, 删除 with confirm (站点编辑 103).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Modal, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, optionsOf, useList, useUrlQuery } from '../../components/desk';
import { flagStyle } from '../../lib/siteStatus';
import type { GroupKey, GroupRow, GroupSite } from './detailTypes';
import GroupForm from './GroupForm';
import { deleteGroup, fetchGroupSites, fetchGroups, switchGroup } from './groupService';

function groupFilters(withArea: boolean): Field<GroupKey>[] {
  const fields: Field<GroupKey>[] = [
    { name: 'alias', label: '分组名称', type: 'input' },
    { name: 'openSwitch', label: '开关', type: 'select', options: optionsOf({ 1: '开启', 0: '关闭' }) },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

/** The open switch of a row: calls open/{id} and refreshes the list. */
function OpenSwitch({ g, canEdit, onSwitched }: { g: GroupRow; canEdit: boolean; onSwitched: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const flip = async (on: boolean) => {
    setBusy(true);
    try {
      await switchGroup(g.id, on);
      toast().success(on ? '分组已开启，下次快照起生效' : '分组已关闭');
      await onSwitched();
    } catch {
      // the request layer has shown why; the switch keeps the list's state
    } finally {
      setBusy(false);
    }
  };
  return <Switch aria-label={`开关 ${g.alias}`} checked={g.openSwitch} loading={busy} disabled={!canEdit} onChange={(on) => void flip(on)} />;
}

interface ColumnProps {
  canEdit: boolean;
  onSwitched: () => unknown;
  onSites: (g: GroupRow) => void;
  onEdit: (g: GroupRow) => void;
  onDelete: (g: GroupRow) => Promise<unknown>;
}

function groupColumns(p: ColumnProps): ColumnsType<GroupRow> {
  return [
    { title: '分组名称', dataIndex: 'alias', width: 200, ellipsis: true },
    { title: '区域', dataIndex: 'areaName', width: 100 },
    { title: '站点数', dataIndex: 'siteCount', width: 90 },
    { title: '放大系数', dataIndex: 'factor', width: 100 },
    { title: '开关', key: 'open', width: 90, render: (_, g) => <OpenSwitch g={g} canEdit={p.canEdit} onSwitched={p.onSwitched} /> },
    { title: '执行时间', dataIndex: 'appliedTime', width: 170, render: (t: string | null) => t ?? '—' },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, g) => (
        <RowActions
          actions={[
            { label: '查看站点', onClick: () => p.onSites(g) },
            { label: '编辑', hidden: !p.canEdit, onClick: () => p.onEdit(g) },
            { label: '删除', danger: true, hidden: !p.canEdit, confirm: `是否确定删除分组“${g.alias}”？`, onClick: () => p.onDelete(g) },
          ]}
        />
      ),
    },
  ];
}

const siteColumns: ColumnsType<GroupSite> = [
  { title: '站点编号', dataIndex: 'siteId', width: 150 },
  { title: '站点名称', dataIndex: 'siteName' },
  { title: '车辆数 / 容量', key: 'fill', width: 120, render: (_, s) => `${s.num} / ${s.capacity}` },
  { title: '状态', dataIndex: 'status', width: 80, render: (label: string, s) => <Tag color={flagStyle(s.flag).tag}>{label}</Tag> },
];

function GroupSites({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['groupSites', 'of', group?.id], queryFn: () => fetchGroupSites(group!.id), enabled: group !== null });
  return (
    <Modal open={group !== null} title={`分组站点 · ${group?.alias ?? ''}`} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<GroupSite>
        rowKey="siteId"
        size="small"
        loading={q.isFetching}
        columns={siteColumns}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 10, size: 'small' }}
        locale={{ emptyText: q.isError ? '加载失败' : '暂无数据' }}
      />
    </Modal>
  );
}

export default function GroupsTab({ canEdit, areaUser }: { canEdit: boolean; areaUser: boolean }) {
  const fields = useMemo(() => groupFilters(areaUser), [areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('groups', query, fetchGroups);
  const client = useQueryClient();
  const [editing, setEditing] = useState<GroupRow | 'new' | null>(null);
  const [viewing, setViewing] = useState<GroupRow | null>(null);
  const columns = useMemo(() => {
    const refresh = () => client.invalidateQueries({ queryKey: ['desk', 'groups'] });
    return groupColumns({
      canEdit,
      onSwitched: refresh,
      onSites: setViewing,
      onEdit: setEditing,
      onDelete: async (g) => {
        await deleteGroup(g.id);
        toast().success('分组已删除');
        await refresh();
      },
    });
  }, [canEdit, client]);
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        onRefresh={() => void list.refetch()}
        left={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增
            </Button>
          )
        }
      />
      <DataTable<GroupRow> rowKey="id" columns={columns} list={list} query={query} />
      <GroupForm
        editing={editing}
        selfAreaId={query.filters.selfAreaId}
        onClose={() => setEditing(null)}
        onSaved={() => client.invalidateQueries({ queryKey: ['desk', 'groups'] })}
      />
      <GroupSites group={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
