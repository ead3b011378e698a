/**
 * 企业详情: every field of spec §3 (enterprise detail), the documents opened through the session
 * (UploadLink: fetched with the token into a blob: URL), the spec's warnings where a document is
 * missing (运维人员信息不存在！ …), the approved quantities, and the maintainers (phones masked;
 * 新增 / 编辑 / 删除 with 109).
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { FormDialog, RowActions, type Field, serverRules, tablePagination } from '../../../components/desk';
import { UploadLink } from '../../../components/uploads';
import { maskMobile } from '../../../lib/mask';
import { phoneRule } from '../../systemSettings/rules';
import { type EnterpriseDetail, type MaintainerRow, deleteMaintainer, fetchEnterpriseDetail, fetchMaintainers, saveMaintainer } from './service';

/** The documents in the order of the spec, with the console's warning when one is missing (spec §5). */
const DOC_ROWS = [
  { field: 'brandApprovalUrl', label: '政府批准文件', missing: '政府批准文件未上传' },
  { field: 'otherUrl', label: '其他证明文件', missing: '其他证明文件未上传' },
  { field: 'maintainPersonUrl', label: '运维人员信息', missing: '运维人员信息不存在！' },
  { field: 'bicycleUrl', label: '自行车信息', missing: '自行车信息不存在！' },
  { field: 'electricVehicleUrl', label: '电动车信息', missing: '电动车信息不存在！' },
] as const;

const none = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? <Typography.Text type="secondary">暂无</Typography.Text> : v;

function Swatch({ color }: { color: string }) {
  return (
    <span className="company-swatch">
      <i style={{ background: color }} />
      {color}
    </span>
  );
}

function detailItems(d: EnterpriseDetail) {
  const doc = (r: (typeof DOC_ROWS)[number]) => {
    const f = d.documents.find((x) => x.field === r.field);
    return f ? <UploadLink url={f.url} name={f.name} type={f.type} /> : <Typography.Text type="warning">{r.missing}</Typography.Text>;
  };
  return [
    { key: 'brandName', label: '品牌名称', children: d.brandName },
    { key: 'brandOperation', label: '运营企业', children: none(d.brandOperation) },
    { key: 'brandAccount', label: '企业账号', children: d.brandAccount },
    { key: 'brandPassword', label: '开放接口密码', children: <Typography.Text type="secondary">已设置（只保存哈希，不可查看）</Typography.Text> },
    { key: 'contact', label: '联系人', children: none(d.brandContactPerson) },
    { key: 'mobile', label: '联系电话', children: none(maskMobile(d.brandContactMobile)) },
    { key: 'address', label: '企业地址', span: 2, children: none(d.brandAddress) },
    { key: 'ops', label: '运维人员数量（申报）', children: d.brandOperationNum },
    { key: 'createTime', label: '创建时间', children: d.createTime },
    { key: 'bikes', label: '备案自行车', children: d.brandBikeNum.toLocaleString('zh-CN') },
    { key: 'ebikes', label: '备案电动车', children: d.brandEBikeNum.toLocaleString('zh-CN') },
    { key: 'area', label: '登记区域', children: d.areaIdText },
    { key: 'launch', label: '投放区域', children: none(d.launchAreaText) },
    { key: 'operation', label: '运营区域', span: 2, children: none(d.operationAreaIdText) },
    { key: 'bikeColor', label: '自行车显示颜色', children: <Swatch color={d.bikeColor} /> },
    { key: 'ebikeColor', label: '电动车显示颜色', children: <Swatch color={d.ebikeColor} /> },
    ...DOC_ROWS.map((r) => ({ key: r.field, label: r.label, span: 2, children: doc(r) })),
  ];
}

const quotaColumns: ColumnsType<EnterpriseDetail['quotas'][number]> = [
  { title: '区域', dataIndex: 'areaName' },
  { title: '自行车核准数量', dataIndex: 'bikeQuota', align: 'right' },
  { title: '电动车核准数量', dataIndex: 'ebikeQuota', align: 'right' },
  { title: '修改时间', dataIndex: 'updateTime', width: 170 },
];

interface MaintainerValues {
  maintainName: string;
  maintainPhone?: string;
  manageArea: string;
}

function maintainerFields(editing: MaintainerRow | null): Field[] {
  return [
    { name: 'maintainName', label: '姓名', type: 'input', required: true, rules: serverRules('/api/company/saveMaintainer', 'maintainName', '姓名') },
    {
      name: 'maintainPhone',
      label: '手机号',
      type: 'input',
      required: !editing,
      placeholder: editing ? `${editing.maintainPhone}（不修改请留空）` : undefined,
      // saveMaintainer checks the phone in its code (company/service MOBILE), the users' Phone pattern
      rules: [phoneRule('/api/user/add')],
    },
    { name: 'manageArea', label: '负责区域', type: 'area', required: true, extra: '须在企业的登记、投放或运营区域内' },
  ];
}

function Maintainers({ d, canEdit }: { d: EnterpriseDetail; canEdit: boolean }) {
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [editing, setEditing] = useState<MaintainerRow | 'new' | null>(null);
  const client = useQueryClient();
  const key = ['company', 'maintainers', d.brandId];
  const q = useQuery({ queryKey: [...key, page], queryFn: () => fetchMaintainers(d.brandId, page) });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const row = editing === 'new' ? null : editing;
  const fields = useMemo(() => maintainerFields(row), [row]);
  const columns: ColumnsType<MaintainerRow> = [
    { title: '姓名', dataIndex: 'maintainName' },
    { title: '手机号', dataIndex: 'maintainPhone', width: 130 },
    { title: '品牌', dataIndex: 'brandName' },
    { title: '负责区域', dataIndex: 'manageAreaText' },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, m: MaintainerRow) => (
              <RowActions
                actions={[
                  { label: '编辑', onClick: () => setEditing(m) },
                  {
                    label: '删除',
                    danger: true,
                    confirm: `确定要删除运维人员“${m.maintainName}”吗？`,
                    onClick: async () => {
                      await deleteMaintainer(d.brandId, m.id);
                      await refresh();
                    },
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <section className="company-section">
      <div className="company-section-head">
        <span className="company-section-title">
          <h4>运维人员</h4>
          {q.data && (
            <Typography.Text type={q.data.total < d.brandOperationNum ? 'warning' : 'secondary'} aria-label="运维人员人数">
              已登记 {q.data.total} 人，企业申报 {d.brandOperationNum} 人
            </Typography.Text>
          )}
        </span>
        {canEdit && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增运维人员
          </Button>
        )}
      </div>
      {q.isError ? (
        <Alert type="error" showIcon title="运维人员加载失败，请稍后点击刷新重试" />
      ) : (
        <Table<MaintainerRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={q.data?.lists}
          loading={q.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无运维人员" /> }}
          pagination={tablePagination({ ...page, total: q.data?.total ?? 0, onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }) })}
        />
      )}
      {editing && (
        <FormDialog<MaintainerValues>
          open
          title={row ? '编辑运维人员' : '新增运维人员'}
          fields={fields}
          initialValues={row ? { maintainName: row.maintainName, manageArea: row.manageArea } : { manageArea: d.operationAreaId[0] ?? d.areaId }}
          success={row ? '运维人员已保存' : '运维人员已新增'}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            await saveMaintainer({
              ...(row ? { id: row.id } : {}),
              brandId: d.brandId,
              maintainName: v.maintainName.trim(),
              maintainPhone: v.maintainPhone?.trim() || undefined,
              manageArea: v.manageArea,
            });
            await refresh();
          }}
        />
      )}
    </section>
  );
}

interface Props {
  brandId: number | null;
  selfAreaId?: string;
  canEdit: boolean;
  onClose: () => void;
  onEdit: (d: EnterpriseDetail) => void;
}

export default function EnterpriseDetailDrawer({ brandId, selfAreaId, canEdit, onClose, onEdit }: Props) {
  const q = useQuery({
    queryKey: ['company', 'enterprise', brandId, selfAreaId],
    queryFn: () => fetchEnterpriseDetail(brandId!, selfAreaId),
    enabled: brandId !== null,
    retry: false,
  });
  const d = q.data;
  return (
    <Drawer
      open={brandId !== null}
      onClose={onClose}
      size={820}
      title={d ? `企业详情：${d.brandName}` : '企业详情'}
      destroyOnHidden
      extra={
        canEdit && d ? (
          <Button type="primary" onClick={() => onEdit(d)}>
            编辑
          </Button>
        ) : null
      }
    >
      {q.isPending && brandId !== null && <Skeleton active paragraph={{ rows: 10 }} />}
      {q.isError && <Alert type="error" showIcon title="企业信息不存在！" description="该企业可能已被删除，请关闭后刷新列表" />}
      {d && (
        <>
          <Descriptions bordered size="small" column={2} items={detailItems(d)} styles={{ label: { width: 130, whiteSpace: 'nowrap' } }} />
          <section className="company-section">
            <div className="company-section-head">
              <h4>核准数量</h4>
              <Tag>{d.quotas.length} 个区域</Tag>
            </div>
            <Table
              rowKey="areaId"
              size="small"
              columns={quotaColumns}
              dataSource={d.quotas}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无核准数量，可在“区域核准数量”中设置" /> }}
            />
          </section>
          <Maintainers d={d} canEdit={canEdit} />
        </>
      )}
    </Drawer>
  );
}
