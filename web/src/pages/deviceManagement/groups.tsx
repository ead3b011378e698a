/**
 * 站点分组: magnify groups (/api/site/magnify). An open group's factor scales its sites' capacity in
 * the snapshot (and so their status); 执行时间 is when it last took effect. 开关 opens or closes one,
 * 新增 / 编辑 with 冲突检查, 查看站点, 删除 with confirm (站点编辑 103).
 */
import { Modal, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { CrudTab, RowSwitch, defineCrud, optionsOf } from '../../components/desk';
import { flagStyle } from '../../lib/siteStatus';
import type { GroupKey, GroupRow, GroupSite } from './detailTypes';
import { type GroupValues, groupForm } from './GroupForm';
import { deleteGroup, fetchGroupSites, fetchGroups, switchGroup } from './groupService';

const groupsSpec = defineCrud<GroupRow, GroupKey, GroupValues>({
  key: 'groups',
  rowKey: 'id',
  list: fetchGroups,
  areaFilter: true,
  filters: [
    { name: 'alias', label: '分组名称', type: 'input' },
    { name: 'openSwitch', label: '开关', type: 'select', options: optionsOf({ 1: '开启', 0: '关闭' }) },
  ],
  columns: (kit) => [
    { title: '分组名称', dataIndex: 'alias', width: 200, ellipsis: true },
    { title: '区域', dataIndex: 'areaName', width: 100 },
    { title: '站点数', dataIndex: 'siteCount', width: 90 },
    { title: '放大系数', dataIndex: 'factor', width: 100 },
    {
      title: '开关',
      key: 'open',
      width: 90,
      render: (_, g) => (
        <RowSwitch
          label={`开关 ${g.alias}`}
          checked={g.openSwitch}
          disabled={!kit.canEdit}
          onChange={(on) => kit.run(() => switchGroup(g.id, on), on ? '分组已开启，下次快照起生效' : '分组已关闭')}
        />
      ),
    },
    { title: '执行时间', dataIndex: 'appliedTime', width: 170, render: (t: string | null) => t ?? '—' },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
  ],
  actionsWidth: 190,
  actions: (g, kit) => [{ label: '查看站点', onClick: () => kit.show(g) }, kit.editAction(g), kit.removeAction(g)],
  form: groupForm,
  remove: { call: (g) => deleteGroup(g.id), confirm: (g) => `是否确定删除分组“${g.alias}”？`, success: '分组已删除' },
  permissions: { edit: 'site.edit' },
  detail: (g, close) => <GroupSites group={g} onClose={close} />,
});

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

export default function GroupsTab() {
  return <CrudTab spec={groupsSpec} />;
}
