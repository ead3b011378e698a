/**
 * 账号审核: applications of the auditor's area and below (user/audit_list), people who registered
 * themselves for a platform account or a role (运维人员 31, 监督员 32, 站点申请人 27 …). Pending ones
 * are approved (a role application at once after 温馨提示, a platform account with the roles given
 * in the dialog) or rejected with a reason. Filters live in the URL, so the big screen's to-do
 * links (?roleId=31&auditStatus=0) land on the filtered list; `fixed` pins filters for a screen
 * that embeds the list (区域设置's 平台账号审核: { applyType: '1' }).
 */
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { DataTable, ListToolbar, QueryForm, RowActions, type Field, type Option, optionsOf, tellFailure, useList, useUrlQuery } from '../../components/desk';
import { maskMobile } from '../../lib/mask';
import AuditDialog, { type AuditMode } from './AuditDialog';
import { auditApplication, fetchApplicableRoles, fetchApplications } from './service';
import type { ApplicationFilters, ApplicationKey, ApplicationRow } from './types';

export const APPLY_TYPES: Record<number, string> = { 1: '平台账号', 2: '角色申请' };
export const AUDIT_STATES: Record<number, { label: string; color: string }> = {
  0: { label: '待审核', color: 'orange' },
  1: { label: '已通过', color: 'green' },
  2: { label: '已驳回', color: 'red' },
};

export function applicationFilters(roles: Option[], withArea: boolean, fixed: ApplicationFilters): Field<ApplicationKey>[] {
  const fields: Field<ApplicationKey>[] = [
    { name: 'applyType', label: '申请类型', type: 'select', options: optionsOf(APPLY_TYPES) },
    { name: 'roleId', label: '申请角色', type: 'select', options: roles },
    { name: 'auditStatus', label: '状态', type: 'select', options: optionsOf({ 0: '待审核', 1: '已通过', 2: '已驳回' }) },
    { name: 'name', label: '姓名', type: 'input' },
    { name: 'phone', label: '手机号', type: 'input' },
    { name: 'startTime', label: '申请时间', type: 'dateRange', names: ['startTime', 'endTime'] },
    ...(withArea ? [{ name: 'selfAreaId', label: '区域', type: 'area' } as Field<ApplicationKey>] : []),
  ];
  return fields.filter((f) => !(f.name in fixed));
}

/** What was asked for: 平台账号, or the role's name. */
export const appliedFor = (a: ApplicationRow) => (a.applyType === 1 ? '平台账号' : a.roles.map((r) => r.roleName).join('、') || '角色申请');

interface ColumnProps {
  onApprove: (a: ApplicationRow) => unknown;
  onReject: (a: ApplicationRow) => void;
}

export function applicationColumns(p: ColumnProps): ColumnsType<ApplicationRow> {
  return [
    { title: '姓名', dataIndex: 'name', width: 90, ellipsis: true },
    { title: '用户名', dataIndex: 'username', width: 110, ellipsis: true },
    { title: '手机号', dataIndex: 'phone', width: 115, render: (v: string | null) => maskMobile(v) || '—' },
    { title: '申请', key: 'applied', width: 100, render: (_, a) => <Tag color={a.applyType === 1 ? 'blue' : 'cyan'}>{appliedFor(a)}</Tag> },
    { title: '区域', dataIndex: 'areaName', width: 90 },
    { title: '单位', dataIndex: 'company', width: 130, ellipsis: true, render: (v: string | null) => v || '—' },
    { title: '申请说明', dataIndex: 'applyReason', width: 150, ellipsis: true, render: (v: string | null) => v || '—' },
    { title: '申请时间', dataIndex: 'createTime', width: 155 },
    {
      title: '状态',
      dataIndex: 'auditStatus',
      width: 80,
      render: (s: number, a) => {
        const tag = <Tag color={AUDIT_STATES[s]?.color}>{AUDIT_STATES[s]?.label ?? s}</Tag>;
        if (s === 0) return tag;
        // who decided and when, and why a rejection
        const why = [a.auditorName && `审核人：${a.auditorName} ${a.auditTime ?? ''}`, s === 2 && a.auditRemark && `驳回原因：${a.auditRemark}`].filter(
          Boolean,
        );
        return why.length ? <Tooltip title={why.join('；')}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, a) =>
        a.auditStatus === 0 ? (
          <RowActions
            actions={[
              a.applyType === 1
                ? { label: '通过', onClick: () => p.onApprove(a) }
                : { label: '通过', confirm: `确定通过“${a.name || a.username}”的${appliedFor(a)}申请吗？通过后账号即可登录。`, onClick: () => p.onApprove(a) },
              { label: '驳回', danger: true, onClick: () => p.onReject(a) },
            ]}
          />
        ) : (
          <span>—</span>
        ),
    },
  ];
}

interface Props {
  /** filters the embedding screen pins (left out of the form, always sent) */
  fixed?: ApplicationFilters;
  /** the area filter in the form (users above a district) */
  areaUser: boolean;
}

const NONE: ApplicationFilters = {};

export default function Applications({ fixed = NONE, areaUser }: Props) {
  const rolesQ = useQuery({ queryKey: ['systemSettings', 'applicableRoles'], queryFn: fetchApplicableRoles, staleTime: 300_000 });
  const roles = useMemo(() => (rolesQ.data ?? []).map((r) => ({ value: String(r.id), label: r.roleName })), [rolesQ.data]);
  const fields = useMemo(() => applicationFilters(roles, areaUser, fixed), [roles, areaUser, fixed]);
  const query = useUrlQuery(fields);
  const call = useCallback((q: Parameters<typeof fetchApplications>[0]) => fetchApplications({ ...q, ...fixed }), [fixed]);
  const list = useList(`applications${JSON.stringify(fixed)}`, query, call);
  const client = useQueryClient();
  const [open, setOpen] = useState<{ mode: AuditMode; target: ApplicationRow } | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['desk'] }), [client]);
  const columns = useMemo(
    () =>
      applicationColumns({
        onApprove: async (a) => {
          if (a.applyType === 1) return setOpen({ mode: 'approve', target: a });
          try {
            await auditApplication({ id: a.id, auditStatus: 1 });
            void toast().success('审核已通过');
            await refresh();
          } catch (err) {
            tellFailure(err);
          }
        },
        onReject: (a) => setOpen({ mode: 'reject', target: a }),
      }),
    [refresh],
  );
  return (
    <>
      <QueryForm fields={fields} query={query} />
      <ListToolbar onRefresh={() => void list.refetch()} />
      <DataTable<ApplicationRow> rowKey="id" columns={columns} list={list} query={query} />
      <AuditDialog open={open} onClose={() => setOpen(null)} onDone={() => void refresh()} />
    </>
  );
}
