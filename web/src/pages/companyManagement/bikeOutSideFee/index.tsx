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
import { useSession } from '../../../app/session/store';
import { DataTable, ExportButton, ListToolbar, QueryForm, RowActions, type Field, useList, useUrlQuery } from '../../../components/desk';
import { can } from '../../../lib/permission';
import { fetchEnterprises } from '../service';
import { type FeeDay, type FeeKey, type FeeRider, exportFees, fetchFeeRiders, fetchFees } from './service';
import './fee.css';

export function feeFilters(brands: { value: string; label: string }[], withArea: boolean, loading = false): Field<FeeKey>[] {
  const fields: Field<FeeKey>[] = [
    { name: 'brandId', label: '企业', type: 'select', options: brands, loading },
    { name: 'startTime', names: ['startTime', 'endTime'], label: '还车日期', type: 'dateRange' },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

export const feeColumns = (onRiders: (r: FeeDay) => void): ColumnsType<FeeDay> => [
  { title: '日期', dataIndex: 'date', width: 120 },
  { title: '企业', dataIndex: 'brandName', width: 160 },
  { title: '站外还车次数', dataIndex: 'outSiteNum', width: 130, align: 'right' },
  { title: '扣费次数', dataIndex: 'feeNum', width: 110, align: 'right' },
  { title: '扣费金额（元）', dataIndex: 'feeAmount', width: 140, align: 'right' },
  {
    title: '操作',
    key: 'actions',
    width: 110,
    render: (_, r) => <RowActions actions={[{ label: '用户明细', onClick: () => onRiders(r) }]} />,
  },
];

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

export default function BikeOutSideFee() {
  const perms = useSession((s) => s.permissions);
  const areaUser = useSession((s) => (s.user?.userLevel ?? 0) >= 2);
  const brands = useQuery({ queryKey: ['company', 'enterpriseOptions'], queryFn: () => fetchEnterprises() });
  const fields = useMemo(() => feeFilters(brands.data ?? [], areaUser, brands.isLoading), [brands.data, brands.isLoading, areaUser]);
  const query = useUrlQuery(fields);
  const list = useList('fees', query, fetchFees);
  const [riders, setRiders] = useState<FeeDay | null>(null);
  const columns = useMemo(() => feeColumns(setRiders), []);
  const sum = list.data?.sum;
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        left={
          sum && (
            <div className="fee-sum" aria-label="合计">
              <span className="fee-period">
                {list.data!.startTime} 至 {list.data!.endTime}
              </span>
              <Statistic title="站外还车次数" value={sum.outSiteNum} />
              <Statistic title="扣费金额（元）" value={sum.feeAmount} />
            </div>
          )
        }
        right={can(perms, 'company.export') && <ExportButton run={() => exportFees(query.filters)} />}
        onRefresh={() => void list.refetch()}
      />
      <DataTable<FeeDay> rowKey={(r) => `${r.date}-${r.brandId}`} columns={columns} list={list} query={query} />
      <Riders day={riders} selfAreaId={query.filters.selfAreaId} onClose={() => setRiders(null)} />
    </>
  );
}
