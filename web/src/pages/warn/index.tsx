/** 异常列表 (#/warn): the abnormal messages of spec §4 as a desk list, declared on the kit. */
import { CheckOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { useSession } from '../../app/session/store';
import { DataTable, DeskPage, ExportButton, FormDialog, ListToolbar, QueryForm, useConfirm, useList, useUrlQuery } from '../../components/desk';
import { can } from '../../lib/permission';
import { warnColumns } from './columns';
import { HANDLE_FORM, warnFilters } from './filters';
import { exportMsgs, fetchBrands, fetchCounts, fetchMsgs, handleMsgs } from './service';
import TypeTabs from './TypeTabs';
import type { WarnMsg } from './types';
import './warn.css';

/** 异常列表 menu 1, its buttons 101 处理异常 and 102 导出异常; the brand list needs the big screen's 64. */
function useWarnPermissions() {
  const perms = useSession((s) => s.permissions);
  return {
    handle: can(perms, 'warn.handle'),
    export: can(perms, 'warn.export'),
    brands: can(perms, 'home'),
  };
}

export default function Warn() {
  const can = useWarnPermissions();
  const areaUser = useSession((s) => (s.user?.userLevel ?? 0) >= 2);
  const brands = useQuery({
    queryKey: ['warn', 'brands'],
    queryFn: () => fetchBrands(),
    enabled: can.brands,
    staleTime: 300_000,
  });
  const fields = useMemo(() => warnFilters(brands.data ?? [], areaUser, brands.isLoading), [brands.data, brands.isLoading, areaUser]);
  const query = useUrlQuery(fields);
  const { filters } = query;
  const list = useList('warn', query, fetchMsgs);
  const counts = useQuery({
    queryKey: ['warn', 'counts', filters.selfAreaId],
    queryFn: () => fetchCounts(filters.selfAreaId),
  });

  const client = useQueryClient();
  const { confirm } = useConfirm();
  const [handling, setHandling] = useState<WarnMsg | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const handle = async (ids: number[]) => {
    await handleMsgs(ids);
    setSelected([]);
    await Promise.all([client.invalidateQueries({ queryKey: ['desk', 'warn'] }), client.invalidateQueries({ queryKey: ['warn', 'counts'] })]);
  };
  const columns = useMemo(() => warnColumns({ canHandle: can.handle, onHandle: setHandling }), [can.handle]);

  return (
    <DeskPage screen="warn">
      <TypeTabs
        counts={counts.data}
        value={filters.abnormalType}
        onChange={(abnormalType) => query.setFilters({ ...filters, abnormalType })}
        onPending={() => query.setFilters({ ...filters, closed: '0', handled: '0', startTime: undefined, endTime: undefined })}
      />
      <QueryForm fields={fields} query={query} />
      <ListToolbar
        selected={selected.length}
        onRefresh={() => void list.refetch()}
        left={
          can.handle && (
            <Button
              icon={<CheckOutlined />}
              disabled={!selected.length}
              onClick={() =>
                confirm({
                  content: `确定将选中的 ${selected.length} 条异常标记为已处理吗？`,
                  onOk: () => handle(selected).then(() => toast().success('处理成功')),
                })
              }
            >
              批量处理
            </Button>
          )
        }
        right={can.export && <ExportButton run={() => exportMsgs(filters)} />}
      />
      <DataTable<WarnMsg>
        rowKey="id"
        columns={columns}
        list={list}
        query={query}
        rowSelection={
          can.handle
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (m) => ({ disabled: m.handled }),
              }
            : undefined
        }
      />
      <FormDialog<WarnMsg>
        open={handling !== null}
        title="处理异常"
        fields={HANDLE_FORM}
        initialValues={handling ?? undefined}
        horizontal
        okText="标记为已处理"
        success="处理成功"
        onSubmit={() => handle([handling!.id])}
        onClose={() => setHandling(null)}
      />
    </DeskPage>
  );
}
