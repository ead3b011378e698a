/**
 * 车辆备案 (#/companyManagement/bikeFiling, button 120): an enterprise's bikes filed from an .xlsx —
 * pick the enterprise, drop or pick the file, watch the progress, then the rows refused (with the
 * row number and the reason) and the rows filed, each downloadable; below, the import history with
 * the original file. The server checks each row with the open API's filing rules.
 */
import { InboxOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Result, Select, Space, Table, Tabs, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { toast } from '../../../app/feedback';
import { useSession } from '../../../app/session/store';
import { CrudTab, ExportButton, type Field, ListToolbar, defineCrud, tablePagination, tellFailure, useWrites } from '../../../components/desk';
import { UploadLink } from '../../../components/uploads';
import { can } from '../../../lib/permission';
import { useEnterpriseFilter } from '../enterpriseFilter';
import {
  type ImportItem,
  type ImportRowItem,
  type RowResult,
  downloadTemplate,
  exportRows,
  fetchImport,
  fetchImports,
  fetchRows,
  startImport,
} from './service';
import './bikeFiling.css';

const STATUS_COLOR: Record<string, string> = { running: 'processing', done: 'success', failed: 'error', interrupted: 'warning' };

/** A filed row's type written as the code the open API takes (0/1): said as the type it was filed as. */
const FILED_TYPE: Record<string, string> = { '0': '自行车', '1': '电动车' };

const rowColumns = (rejected: boolean): ColumnsType<ImportRowItem> => [
  { title: '行号', dataIndex: 'row', width: 80 },
  { title: '车辆编号', dataIndex: 'bikeId', width: 150, render: (v?: string | null) => v ?? '—' },
  {
    title: '车辆类型',
    dataIndex: 'bikeType',
    width: 100,
    // a refused row keeps what the sheet had, so the reason can be read against it
    render: (v?: string | null) => (v == null ? '—' : rejected ? v : (FILED_TYPE[v] ?? v)),
  },
  ...(rejected
    ? [{ title: '拒绝原因', dataIndex: 'reason', render: (v?: string | null) => <span className="filing-reason">{v}</span> }]
    : [
        { title: '车架号', dataIndex: 'frameCode', width: 150, render: (v?: string | null) => v ?? '—' },
        { title: 'IMEI', dataIndex: 'imeiCode', width: 170, render: (v?: string | null) => v ?? '—' },
        { title: '车牌号', dataIndex: 'licenseCode', width: 120, render: (v?: string | null) => v ?? '—' },
        { title: '蓝牙MAC', dataIndex: 'bikeMac', width: 170, render: (v?: string | null) => v ?? '—' },
      ]),
];

/** One list of an import's rows, paged on the server, with its download. */
function RowList({ imp, result }: { imp: ImportItem; result: RowResult }) {
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const rows = useQuery({
    queryKey: ['bikeFiling', 'rows', imp.id, result, imp.accepted, imp.rejected, page],
    queryFn: () => fetchRows(imp.id, result, page.currentPage, page.pageSize),
  });
  const count = result === 'rejected' ? imp.rejected : imp.accepted;
  return (
    <>
      <ListToolbar
        left={<span>{result === 'rejected' ? `共 ${count} 行未备案，改正后可只导入这些行` : `共 ${count} 行已备案`}</span>}
        right={<ExportButton label={result === 'rejected' ? '下载被拒绝的行' : '下载已备案的行'} run={() => exportRows(imp.id, result)} disabled={!count} />}
        onRefresh={() => void rows.refetch()}
      />
      {rows.isError ? (
        <Alert type="error" showIcon message={`读取失败：${(rows.error as Error).message}，请点击刷新重试`} />
      ) : (
        <Table<ImportRowItem>
          rowKey="row"
          size="small"
          columns={rowColumns(result === 'rejected')}
          dataSource={rows.data?.lists}
          loading={rows.isFetching}
          locale={{ emptyText: result === 'rejected' ? '没有被拒绝的行' : '没有已备案的行' }}
          pagination={tablePagination({
            currentPage: page.currentPage,
            pageSize: page.pageSize,
            total: rows.data?.total ?? 0,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          })}
        />
      )}
    </>
  );
}

/** The progress and the result of one import; polled while it runs. */
function ImportResult({ id }: { id: number }) {
  const qc = useQueryClient();
  const imp = useQuery({
    queryKey: ['bikeFiling', 'import', id],
    queryFn: async () => {
      const d = await fetchImport(id);
      if (d.status !== 'running') void qc.invalidateQueries({ queryKey: ['desk', 'bikeFiling'] });
      return d;
    },
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 1000 : false),
  });
  if (imp.isError) return <Alert type="error" showIcon message={`读取导入结果失败：${(imp.error as Error).message}，请刷新页面后在导入记录中查看`} />;
  const d = imp.data;
  if (!d) return <Progress percent={0} status="active" />;
  if (d.status === 'running') {
    return (
      <div className="filing-progress">
        <Progress percent={99.9} status="active" showInfo={false} />
        <span>
          正在导入 {d.fileName}：已处理 {d.totalRows} 行（已备案 {d.accepted}，拒绝 {d.rejected}），请稍候…
        </span>
      </div>
    );
  }
  const type = d.status === 'done' ? (d.rejected ? 'warning' : 'success') : 'error';
  const title =
    d.status === 'done' ? `导入完成：已备案 ${d.accepted} 行，拒绝 ${d.rejected} 行` : `${d.statusText}：已备案 ${d.accepted} 行，拒绝 ${d.rejected} 行`;
  return (
    <>
      <Alert className="filing-summary" type={type} showIcon message={title} description={d.status === 'done' ? `${d.brandName} · ${d.fileName}` : d.message} />
      <Tabs
        defaultActiveKey={d.rejected ? 'rejected' : 'accepted'}
        items={[
          { key: 'rejected', label: `被拒绝的行（${d.rejected}）`, children: <RowList imp={d} result="rejected" /> },
          { key: 'accepted', label: `已备案的行（${d.accepted}）`, children: <RowList imp={d} result="accepted" /> },
        ]}
      />
    </>
  );
}

/** The import history below the card; 查看结果 opens an import's result in the card (`open`). */
const historySpec = (brand: Field<'brandId'>, open: (id: number) => void) =>
  defineCrud<ImportItem, 'brandId'>({
    key: 'bikeFiling',
    rowKey: 'id',
    list: fetchImports,
    filters: [brand],
    columns: [
      { title: '导入时间', dataIndex: 'createTime', width: 170 },
      { title: '企业', dataIndex: 'brandName', width: 120, ellipsis: true },
      { title: '导入人', dataIndex: 'userName', width: 110, ellipsis: true },
      { title: '文件类型', dataIndex: 'fileType', width: 90 },
      { title: '文件', key: 'file', width: 220, ellipsis: true, render: (_, r) => <UploadLink url={r.fileUrl} name={r.fileName} /> },
      { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusText}</Tag> },
      { title: '已备案', dataIndex: 'accepted', width: 90, align: 'right' },
      { title: '拒绝', dataIndex: 'rejected', width: 80, align: 'right' },
      { title: '说明', dataIndex: 'message', ellipsis: true, render: (v?: string | null) => v ?? '—' },
    ],
    actionsWidth: 100,
    actions: (r) => [{ label: '查看结果', onClick: () => open(r.id) }],
  });

export default function BikeFiling() {
  const perms = useSession((s) => s.permissions);
  if (!can(perms, 'company.filing'))
    return <Result status="403" title="没有车辆备案导入权限" subTitle="请联系管理员为您的角色开通“车辆备案导入”（企业管理下）。" />;
  return <FilingDesk />;
}

function FilingDesk() {
  const brandLimit = useSession((s) => s.user?.brandId ?? null);
  const { brands, filter } = useEnterpriseFilter();
  const writes = useWrites(['desk', 'bikeFiling']);
  const [brand, setBrand] = useState<string | undefined>();
  const [current, setCurrent] = useState<number | null>(null);
  const chosen = brand ?? (brands.data?.length === 1 || brandLimit ? brands.data?.[0]?.value : undefined);
  const history = useMemo(() => historySpec(filter, setCurrent), [filter]);

  const send = async (file: File) => {
    if (!chosen) {
      void toast().warning('请先选择要备案车辆的企业');
      return;
    }
    if (!/\.xlsx$/i.test(file.name)) {
      void toast().warning('仅支持 Excel（xlsx）文件，请下载模板填写后上传');
      return;
    }
    await writes.run(async () => setCurrent(await startImport(Number(chosen), file)));
  };

  return (
    <>
      <Card size="small" className="filing-card" title="导入车辆备案表格">
        <Space className="filing-controls" wrap>
          <span>备案企业</span>
          <Select
            aria-label="备案企业"
            className="filing-brand"
            placeholder="请选择企业"
            options={brands.data}
            loading={brands.isLoading}
            value={chosen}
            onChange={setBrand}
            showSearch
            optionFilterProp="label"
            notFoundContent={brands.isError ? '企业列表读取失败，请刷新' : '没有可选的企业'}
          />
          <Button onClick={() => void downloadTemplate().catch(tellFailure)}>下载模板</Button>
        </Space>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          multiple={false}
          disabled={writes.busy}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{writes.busy ? '正在上传…' : '点击或拖拽 xlsx 文件到此处开始导入'}</p>
          <p className="ant-upload-hint">
            第一行为表头：车辆编号、车辆类型（自行车/电动车）必填，车架号、IMEI、车牌号、蓝牙MAC 选填；每行按开放接口的备案规则校验
          </p>
        </Upload.Dragger>
        {current !== null && (
          <div className="filing-result">
            <ImportResult key={current} id={current} />
          </div>
        )}
      </Card>
      <h3 className="filing-history-title">导入记录</h3>
      <CrudTab spec={history} />
    </>
  );
}
