/**
 * 站外还车扣费 (#/companyManagement/bikeOutSideFee): per enterprise and return day, the rides
 * returned outside every site and the fees the operator reported for them, with the totals of the
 * filter; 用户明细 lists that day's riders (phones masked); 导出 streams the list (110 企业数据导出).
 * The period defaults to this month on the server, which answers the dates it used.
 */
import { useQuery } from '@tanstack/react-query';
import { Drawer, Statistic } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import type { Data } from '../../../api/types';
import { CrudTab, DataTable, type Field, defineCrud } from '../../../components/desk';
import { useEnterpriseFilter } from '../enterpriseFilter';
import { type FeeDay, type FeeKey, type FeeRider, exportFees, fetchFeeRiders, fetchFees } from './service';
import './fee.css';

/** A page of the list with the totals of the filter and the period the server used. */
type FeePage = Data<'/api/bikeOutSiteFee/getFeeList'>;

const riderColumns: ColumnsType<FeeRider> = [
  { title: '用户手机号', dataIndex: 'riderPhone', width: 140 },
  { title: '站外还车次数', dataIndex: 'outSiteNum', width: 120, align: 'right' },
  { title: '扣费次数', dataIndex: 'feeNum', width: 100, align: 'right' },
  { title: '扣费金额（元）', dataIndex: 'feeAmount', width: 130, align: 'right' },
  { title: '最近站外还车', dataIndex: 'lastTime', width: 170 },
];

/** The riders of one enterprise and day, paged in the drawer (not in the URL: it is a detail). */
function Riders({ day, selfAreaId, onClose }: { day: FeeDay | null; selfAreaId?: string; onClose: () => void }) {
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const q = day ? { brandId: String(day.brandId), startTime: day.date, endTime: day.date, selfAreaId } : null;
  const riders = useQuery({
    queryKey: ['desk', 'feeRiders', q, page],
    queryFn: () => fetchFeeRiders({ ...q!, ...page }),
    enabled: !!q,
  });
  return (
    <Drawer open={!!day} onClose={onClose} size={720} title={day ? `${day.brandName} ${day.date} 站外还车扣费用户明细` : ''} destroyOnHidden>
      <DataTable<FeeRider>
        rowKey="riderPhone"
        columns={riderColumns}
        list={riders}
        query={{ ...page, setPage: (currentPage: number, pageSize: number) => setPage({ currentPage, pageSize }) }}
      />
    </Drawer>
  );
}

/** The period the server used and the totals of the filter, above the table. */
function Sum({ page }: { page?: FeePage }) {
  if (!page?.sum) return null;
  return (
    <div className="fee-sum" aria-label="合计">
      <span className="fee-period">
        {page.startTime} 至 {page.endTime}
      </span>
      <Statistic title="站外还车次数" value={page.sum.outSiteNum} />
      <Statistic title="扣费金额（元）" value={page.sum.feeAmount} />
    </div>
  );
}

const feeSpec = (brand: Field<'brandId'>) =>
  defineCrud<FeeDay, FeeKey, object, FeePage>({
    key: 'fees',
    rowKey: (r) => `${r.date}-${r.brandId}`,
    list: fetchFees,
    areaFilter: true,
    filters: [
      brand,
      {
        name: 'startTime',
        names: ['startTime', 'endTime'],
        label: '还车日期',
        type: 'dateRange',
        applied: (d) => [(d as FeePage).startTime, (d as FeePage).endTime],
        emptyMeans: '本月 1 日至今天（只选结束日期时，从其所在月的 1 日起）',
      },
    ],
    columns: [
      { title: '日期', dataIndex: 'date', width: 120 },
      { title: '企业', dataIndex: 'brandName', width: 160 },
      { title: '站外还车次数', dataIndex: 'outSiteNum', width: 130, align: 'right' },
      { title: '扣费次数', dataIndex: 'feeNum', width: 110, align: 'right' },
      { title: '扣费金额（元）', dataIndex: 'feeAmount', width: 140, align: 'right' },
    ],
    actionsWidth: 110,
    actions: (r, kit) => [{ label: '用户明细', onClick: () => kit.show(r) }],
    detail: (day, close, kit) => <Riders day={day} selfAreaId={kit.filters.selfAreaId} onClose={close} />,
    toolbar: (kit) => <Sum page={kit.data} />,
    exportCall: exportFees,
    permissions: { export: 'company.export' },
  });

export default function BikeOutSideFee() {
  const { filter } = useEnterpriseFilter();
  const spec = useMemo(() => feeSpec(filter), [filter]);
  return <CrudTab spec={spec} />;
}
