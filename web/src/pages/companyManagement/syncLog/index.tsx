/**
 * The four sync-log screens of 企业管理 (站点同步, 调度同步, 租还信息, 车辆同步): every open-API call
 * of that kind by the enterprises of the area, filtered by enterprise, result and time; 明细 shows the
 * call's counts and its rejected items with their reasons; 导出 streams the filtered list (110).
 */
import { Descriptions, Drawer, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { CrudTab, type Field, columnItems, defineCrud } from '../../../components/desk';
import { useEnterpriseFilter } from '../enterpriseFilter';
import { type SyncDetail, type SyncKey, type SyncLogRow, type SyncScreen, exportSyncLogs, fetchSyncLogs, isSheetImport } from './service';
import './syncLog.css';

const RESULTS = [
  { value: 'ok', label: '成功' },
  { value: 'partial', label: '部分成功' },
  { value: 'failed', label: '失败' },
];
const RESULT_COLOR: Record<string, string> = { ok: 'success', partial: 'warning', failed: 'error' };

const ResultTag = ({ r }: { r: SyncLogRow }) => <Tag color={RESULT_COLOR[r.result]}>{r.resultText}</Tag>;

/** A call's fields: the list's columns and the detail's items. */
const SYNC_COLUMNS: ColumnsType<SyncLogRow> = [
  { title: '调用时间', dataIndex: 'time', width: 170 },
  { title: '企业', dataIndex: 'brandName', width: 140, ellipsis: true, render: (v: string) => v || '—' },
  { title: '接口', dataIndex: 'endpoint', width: 200, ellipsis: true },
  { title: '提交条数', dataIndex: 'itemCount', width: 100, align: 'right' },
  { title: '接收条数', dataIndex: 'accepted', width: 100, align: 'right' },
  { title: '拒绝条数', dataIndex: 'rejected', width: 100, align: 'right' },
  { title: '结果', key: 'result', width: 100, render: (_, r) => <ResultTag r={r} /> },
  { title: '耗时（毫秒）', dataIndex: 'durationMs', width: 110, align: 'right' },
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
          <Descriptions column={2} size="small" bordered items={columnItems(SYNC_COLUMNS, log)} />
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

const syncSpec = (screen: SyncScreen, brand: Field<'brandId'>) =>
  defineCrud<SyncLogRow, SyncKey>({
    key: `sync-${screen}`,
    rowKey: 'id',
    list: fetchSyncLogs(screen),
    areaFilter: true,
    filters: [
      brand,
      { name: 'result', label: '结果', type: 'select', options: RESULTS },
      { name: 'startTime', names: ['startTime', 'endTime'], label: '调用日期', type: 'dateRange' },
    ],
    columns: SYNC_COLUMNS,
    actionsWidth: 90,
    actions: (r, kit) => [{ label: '明细', onClick: () => kit.show(r) }],
    detail: (log, close) => <Detail log={log} onClose={close} />,
    exportCall: (f) => exportSyncLogs(screen, f),
    permissions: { export: 'company.export' },
  });

export default function SyncLogList({ screen }: { screen: SyncScreen }) {
  const { filter } = useEnterpriseFilter();
  const spec = useMemo(() => syncSpec(screen, filter), [screen, filter]);
  return <CrudTab spec={spec} />;
}
