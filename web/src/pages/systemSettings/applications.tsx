/**
 * 账号审核: applications of the auditor's area and below (user/audit_list), people who registered
 * themselves for a platform account or a role (运维人员 31, 监督员 32, 站点申请人 27 …). Pending ones
 * are approved (a role application at once after 温馨提示, a platform account with the roles given
 * in the dialog) or rejected with a reason. Filters live in the URL, so the big screen's to-do
 * links (?roleId=31&auditStatus=0) land on the filtered list; `fixed` pins filters for a screen
 * that embeds the list (区域设置's 平台账号审核: { applyType: '1' }).
 */
import { Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CrudTab, type Field, type Option, defineCrud, optionsOf } from '../../components/desk';
import { maskMobile } from '../../lib/mask';
import AuditDialog, { type AuditMode } from './AuditDialog';
import { auditApplication, fetchApplicableRoles, fetchApplications } from './service';
import type { ApplicationFilters, ApplicationKey, ApplicationRow } from './types';

const APPLY_TYPES: Record<number, string> = { 1: '平台账号', 2: '角色申请' };
const AUDIT_STATES: Record<number, { label: string; color: string }> = {
  0: { label: '待审核', color: 'orange' },
  1: { label: '已通过', color: 'green' },
  2: { label: '已驳回', color: 'red' },
};

/** What was asked for: 平台账号, or the role's name. */
const appliedFor = (a: ApplicationRow) => (a.applyType === 1 ? '平台账号' : a.roles.map((r) => r.roleName).join('、') || '角色申请');

/** The dialog open on an application. */
type Opened = { mode: AuditMode; target: ApplicationRow } | null;

function applicationsSpec(roles: Option[], fixed: ApplicationFilters, opened: Opened, open: (o: Opened) => void) {
  const filters: Field<ApplicationKey>[] = [
    { name: 'applyType', label: '申请类型', type: 'select', options: optionsOf(APPLY_TYPES) },
    { name: 'roleId', label: '申请角色', type: 'select', options: roles },
    { name: 'auditStatus', label: '状态', type: 'select', options: optionsOf({ 0: '待审核', 1: '已通过', 2: '已驳回' }) },
    { name: 'name', label: '姓名', type: 'input' },
    { name: 'phone', label: '手机号', type: 'input' },
    { name: 'startTime', label: '申请时间', type: 'dateRange', names: ['startTime', 'endTime'] },
  ];
  return defineCrud<ApplicationRow, ApplicationKey>({
    key: `applications${JSON.stringify(fixed)}`,
    rowKey: 'id',
    list: (q) => fetchApplications({ ...q, ...fixed }),
    areaFilter: !('selfAreaId' in fixed),
    filters: filters.filter((f) => !(f.name in fixed)),
    columns: [
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
    ],
    actionsWidth: 100,
    // a pending application is approved (a platform account with the roles given in the dialog) or rejected
    actions: (a, kit) =>
      a.auditStatus !== 0
        ? []
        : [
            a.applyType === 1
              ? { label: '通过', onClick: () => open({ mode: 'approve', target: a }) }
              : {
                  label: '通过',
                  confirm: `确定通过“${a.name || a.username}”的${appliedFor(a)}申请吗？通过后账号即可登录。`,
                  onClick: () => kit.run(() => auditApplication({ id: a.id, auditStatus: 1 }), '审核已通过'),
                },
            { label: '驳回', danger: true, onClick: () => open({ mode: 'reject', target: a }) },
          ],
    // an approved account joins 用户管理 (and the pinned lists of other screens)
    refreshes: [['desk']],
    extra: (kit) => <AuditDialog open={opened} onClose={() => open(null)} onDone={() => void kit.refresh()} />,
  });
}

const NONE: ApplicationFilters = {};

/** `fixed`: filters the embedding screen pins (left out of the form, always sent). */
export default function Applications({ fixed = NONE }: { fixed?: ApplicationFilters }) {
  const rolesQ = useQuery({ queryKey: ['systemSettings', 'applicableRoles'], queryFn: fetchApplicableRoles, staleTime: 300_000 });
  const roles = useMemo(() => (rolesQ.data ?? []).map((r) => ({ value: String(r.id), label: r.roleName })), [rolesQ.data]);
  const [opened, open] = useState<Opened>(null);
  const spec = useMemo(() => applicationsSpec(roles, fixed, opened, open), [roles, fixed, opened]);
  return <CrudTab spec={spec} />;
}
