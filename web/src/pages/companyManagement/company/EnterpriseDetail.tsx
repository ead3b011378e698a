/**
 * 企业详情: every field of spec §3 (enterprise detail), the documents opened through the session
 * (UploadLink: fetched with the token into a blob: URL), the spec's warnings where a document is
 * missing (运维人员信息不存在！ …), the approved quantities, and the maintainers (maintainers.tsx, a
 * list declared on the desk kit; 新增 / 编辑 / 删除 with company.edit).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { UploadLink } from '../../../components/uploads';
import { maskMobile } from '../../../lib/mask';
import Maintainers from './maintainers';
import { type EnterpriseDetail, fetchEnterpriseDetail } from './service';

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
          <Maintainers d={d} />
        </>
      )}
    </Drawer>
  );
}
