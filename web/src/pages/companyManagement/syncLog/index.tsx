/**
 * The four sync-log screens of 企业管理 (站点同步, 调度同步, 租还信息, 车辆同步): every open-API call
 * of that kind by the enterprises of the area, filtered by enterprise, result and time; 明细 shows the
 * call's counts and its rejected items with their reasons; 导出 streams the filtered list (110).
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useSession } from '../../../app/session/store';
import { DataTable, ExportButton, ListToolbar, QueryForm, RowActions, type Field, useList, useUrlQuery } from '../../../components/desk';
import { can } from '../../../lib/permission';
import { fetchEnterprises } from '../service';
import { type SyncDetail, type SyncKey, type SyncLogRow, type SyncScreen, exportSyncLogs, fetchSyncLogs, isSheetImport } from './service';
import './syncLog.css';

const RESULTS = [
  { value: 'ok', label: '成功' },
  { value: 'partial', label: '部分成功' },
  { value: 'failed', label: '失败' },
];
const RESULT_COLOR: Record<string, string> = { ok: 'success', partial: 'warning', failed: 'error' };

export function syncFilters(brands: { value: string; label: string }[], withArea: boolean, loading = false): Field<SyncKey>[] {
  const fields: Field<SyncKey>[] = [
    { name: 'brandId', label: '企业', type: 'select', options: brands, loading },
    { name: 'result', label: '结果', type: 'select', options: RESULTS },
    { name: 'startTime', names: ['startTime', 'endTime'], label: '调用日期', type: 'dateRange' },
  ];
  return withArea ? [...fields, { name: 'selfAreaId', label: '区域', type: 'area' }] : fields;
}

const ResultTag = ({ r }: { r: SyncLogRow }) => <Tag color={RESULT_COLOR[r.result]}>{r.resultText}</Tag>;

export const syncColumns = (onDetail: (r: SyncLogRow) => void): ColumnsType<SyncLogRow> => [
  { title: '调用时间', dataIndex: 'time', width: 170 },
  { title: '企业', dataIndex: 'brandName', width: 140, ellipsis: true },
  { title: '接口', dataIndex: 'endpoint', width: 200, ellipsis: true },
  { title: '提交条数', dataIndex: 'itemCount', width: 100, align: 'right' },
  { title: '接收条数', dataIndex: 'accepted', width: 100, align: 'right' },
  { title: '拒绝条数', dataIndex: 'rejected', width: 100, align: 'right' },
  { title: '结果', key: 'result', width: 100, render: (_, r) => <ResultTag r={r} /> },
  { title: '耗时（毫秒）', dataIndex: 'durationMs', width: 110, align: 'right' },
  { title: '操作', key: 'actions', width: 90, render: (_, r) => <RowActions actions={[{ label: '明细', onClick: () => onDetail(r) }]} /> },
];

/**
 * The rejected items of a call: the item's place in the call's list, or for a spreadsheet import the
 * row of the sheet (its reasons say 第 n 行 too, as the 车辆备案 screen does).
 */
const rejectedColumns = (sheet: boolean): ColumnsType<NonNullable<SyncDetail['rejected']>[number]> => [
  { title: sheet ? '行号' : '条目', dataIndex: 'index', width: 80, render: (i: number) => (sheet ? `第 ${i + 1} 行` : `第 ${i + 1} 条`) },
  { title: '编号', dataIndex: 'id', width: 160, render: (id?: string | null) => id || '—' },
  { title: '原因', dataIndex: 'reason' },
];

function Detail({ log, onClose }: { log: SyncLogRow | null; onClose: () => void }) {
  const detail = (log?.detail ?? {}) as SyncDetail;
  const shown = detail.rejected?.length ?? 0;
  const sheet = !!log && isSheetImport(log);
  const unit = sheet ? '行' : '条';
  return (
    <Drawer open={!!log} onClose={onClose} size={720} title="同步明细" destroyOnHidden>
      {log && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="企业">{log.brandName || '—'}</Descriptions.Item>
            <Descriptions.Item label="调用时间">{log.time}</Descriptions.Item>
            <Descriptions.Item label="接口">{log.endpoint}</Descriptions.Item>
            <Descriptions.Item label="结果">
              <ResultTag r={log} />
            </Descriptions.Item>
            <Descriptions.Item label="提交条数">{log.itemCount}</Descriptions.Item>
            <Descriptions.Item label="接收条数">{log.accepted}</Descriptions.Item>
            <Descriptions.Item label="拒绝条数">{log.rejected}</Descriptions.Item>
            <Descriptions.Item label="耗时">{log.durationMs} 毫秒</Descriptions.Item>
          </Descriptions>
          {detail.error && <p className="sync-error">调用失败：{detail.error}</p>}
          {shown > 0 && (
            <>
              <h4 className="sync-rejected-title">
                {sheet ? '被拒绝的行' : '被拒条目'}
                {log.rejected > shown ? `（共 ${log.rejected} ${unit}，记录前 ${shown} ${unit}）` : ''}
              </h4>
              <Table rowKey="index" size="small" columns={rejectedColumns(sheet)} dataSource={detail.rejected} pagination={false} />
            </>
          )}
          {!detail.error && !shown && <p className="sync-ok">全部条目均已接收。</p>}
        </>
      )}
    </Drawer>
  );
}

export default function SyncLogList({ screen }: { screen: SyncScreen }) {
  const perms = useSession((s) => s.permissions);
  const areaUser = useSession((s) => (s.user?.userLevel ?? 0) >= 2);
  const brands = useQuery({ queryKey: ['company', 'enterpriseOptions'], queryFn: () => fetchEnterprises() });
  const fields = useMemo(() => syncFilters(brands.data ?? [], areaUser, brands.isLoading), [brands.data, brands.isLoading, areaUser]);
  const query = useUrlQuery(fields);
  const call = useMemo(() => fetchSyncLogs(screen), [screen]);
  const list = useList(`sync-${screen}`, query, call);
  const [detail, setDetail] = useState<SyncLogRow | null>(null);
  const columns = useMemo(() => syncColumns(setDetail), []);
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        right={can(perms, 'company.export') && <ExportButton run={() => exportSyncLogs(screen, query.filters)} />}
        onRefresh={() => void list.refetch()}
      />
      <DataTable<SyncLogRow> rowKey="id" columns={columns} list={list} query={query} />
      <Detail log={detail} onClose={() => setDetail(null)} />
    </>
  );
}
