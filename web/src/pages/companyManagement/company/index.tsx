/**
 * 企业信息 (企业管理 › company): the enterprises registered or operating in the area, filtered by
 * name (and area for area users) in the URL; 详情 opens every field with its documents and
 * maintainers; 新增 / 编辑 / 删除 with 109 (删除 is refused while the enterprise has bikes: the
 * server says how many). A generated open-API password is shown once.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { toast } from '../../../app/feedback';
import { useSession } from '../../../app/session/store';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, useList, useUrlQuery } from '../../../components/desk';
import { maskMobile } from '../../../lib/mask';
import { can } from '../../../lib/permission';
import PasswordOnce, { type ShownPassword } from '../../systemSettings/PasswordOnce';
import { tellFailure } from '../../systemSettings/service';
import EnterpriseDetailDrawer from './EnterpriseDetail';
import EnterpriseForm from './EnterpriseForm';
import { type EnterpriseDetail, type EnterpriseKey, type EnterpriseRow, deleteEnterprise, fetchEnterpriseDetail, fetchEnterpriseList } from './service';
import './company.css';

export function enterpriseFilters(withArea: boolean): Field<EnterpriseKey>[] {
  const fields: Field<EnterpriseKey>[] = [{ name: 'brandName', label: '品牌名称', type: 'input' }];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

interface ColumnProps {
  canEdit: boolean;
  onDetail: (r: EnterpriseRow) => void;
  onEdit: (r: EnterpriseRow) => unknown;
  onDelete: (r: EnterpriseRow) => Promise<unknown>;
}

export function enterpriseColumns(p: ColumnProps): ColumnsType<EnterpriseRow> {
  const n = (v: number) => v.toLocaleString('zh-CN');
  return [
    { title: '品牌名称', dataIndex: 'brandName', width: 130, ellipsis: true },
    { title: '运营企业', dataIndex: 'brandOperation', width: 190, ellipsis: true, render: (v: string) => v || '—' },
    { title: '企业账号', dataIndex: 'brandAccount', width: 130, ellipsis: true },
    { title: '联系人', dataIndex: 'brandContactPerson', width: 90, render: (v: string | null) => v || '—' },
    { title: '联系电话', dataIndex: 'brandContactMobile', width: 120, render: (v: string | null) => maskMobile(v) || '—' },
    { title: '登记区域', dataIndex: 'areaIdText', width: 100 },
    { title: '投放区域', dataIndex: 'launchAreaText', width: 140, ellipsis: true, render: (v: string) => v || '—' },
    { title: '运营区域', dataIndex: 'operationAreaIdText', width: 140, ellipsis: true, render: (v: string) => v || '—' },
    { title: '备案自行车', dataIndex: 'brandBikeNum', width: 100, align: 'right', render: n },
    { title: '备案电动车', dataIndex: 'brandEBikeNum', width: 100, align: 'right', render: n },
    { title: '运维人员数', dataIndex: 'brandOperationNum', width: 100, align: 'right' },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          actions={[
            { label: '详情', onClick: () => p.onDetail(r) },
            { label: '编辑', hidden: !p.canEdit, onClick: () => p.onEdit(r) },
            {
              label: '删除',
              danger: true,
              hidden: !p.canEdit,
              confirm: `确定要删除企业“${r.brandName}”吗？删除后其开放接口账号立即失效。`,
              onClick: () => p.onDelete(r),
            },
          ]}
        />
      ),
    },
  ];
}

export default function Company() {
  const perms = useSession((s) => s.permissions);
  const me = useSession((s) => s.user);
  const areaUser = (me?.userLevel ?? 0) >= 2;
  const canEdit = can(perms, 'company.edit');
  const fields = useMemo(() => enterpriseFilters(areaUser), [areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('company', query, fetchEnterpriseList);
  const client = useQueryClient();
  const [detail, setDetail] = useState<number | null>(null);
  const [editing, setEditing] = useState<EnterpriseDetail | 'new' | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const selfAreaId = query.filters.selfAreaId;
  const refresh = () => client.invalidateQueries({ queryKey: ['desk', 'company'] }).then(() => client.invalidateQueries({ queryKey: ['company'] }));
  const columns = useMemo(
    () =>
      enterpriseColumns({
        canEdit,
        onDetail: (r) => setDetail(r.brandId),
        // the form needs every document (the list carries two): the detail first
        onEdit: async (r) => setEditing(await fetchEnterpriseDetail(r.brandId, selfAreaId)),
        onDelete: async (r) => {
          try {
            await deleteEnterprise(r.brandId, selfAreaId);
          } catch (err) {
            // the server's refusal (该企业还有 n 辆车…) is already on screen
            tellFailure(err);
            return;
          }
          void toast().success('企业已删除');
          await client.invalidateQueries({ queryKey: ['desk', 'company'] });
        },
      }),
    [canEdit, selfAreaId, client],
  );
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        left={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增企业
            </Button>
          )
        }
        onRefresh={() => void list.refetch()}
      />
      <DataTable<EnterpriseRow> rowKey="brandId" columns={columns} list={list} query={query} />
      <EnterpriseDetailDrawer brandId={detail} selfAreaId={selfAreaId} canEdit={canEdit} onClose={() => setDetail(null)} onEdit={(d) => setEditing(d)} />
      {editing && (
        <EnterpriseForm
          editing={editing === 'new' ? null : editing}
          areaId={selfAreaId ?? me?.areaId}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
          onPassword={(brandName, account, password) =>
            setShown({
              who: brandName,
              password,
              title: '开放接口密码',
              label: `“${brandName}”的开放接口账号 ${account} 的密码：`,
              warning: '密码只显示这一次（服务端只保存其哈希），请立即复制并安全转交企业；遗失后只能重新生成',
            })
          }
        />
      )}
      <PasswordOnce shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
