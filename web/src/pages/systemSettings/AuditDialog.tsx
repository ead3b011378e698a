/**
 * 审核 dialogs of 账号审核: 通过 for a platform account (the roles it gets: those the server offers
 * this auditor) and 驳回 with a reason (required; the applicant reads it at login).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormDialog, type Field, serverRules } from '../../components/desk';
import { auditApplication, fetchAssignableRoles } from './service';
import type { ApplicationRow, AuditBody } from './types';

export type AuditMode = 'approve' | 'reject';

interface Props {
  open: { mode: AuditMode; target: ApplicationRow } | null;
  onClose: () => void;
  onDone: () => void;
}

/** The body of user/audit as the dialog holds it: the roles' ids as the picker's strings. */
type Values = Pick<AuditBody, 'remark'> & { roleIds?: string[] };

export default function AuditDialog({ open, onClose, onDone }: Props) {
  const approving = open?.mode === 'approve';
  const roles = useQuery({ queryKey: ['systemSettings', 'assignableRoles'], queryFn: fetchAssignableRoles, enabled: approving, staleTime: 60_000 });
  const who = open ? open.target.name || open.target.username : '';
  const fields = useMemo<Field[]>(
    () =>
      approving
        ? [
            { name: 'who', label: '申请人', type: 'display', render: () => `${who}（${open?.target.areaName ?? ''}）` },
            {
              name: 'roleIds',
              label: '分配角色',
              type: 'select',
              multiple: true,
              required: true,
              loading: roles.isPending,
              options: (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.roleName })),
            },
          ]
        : [
            { name: 'who', label: '申请人', type: 'display', render: () => who },
            {
              name: 'remark',
              label: '驳回原因',
              type: 'textarea',
              required: true,
              rules: [{ whitespace: true, message: '请输入驳回原因' }, ...serverRules('/api/user/audit', 'remark', '驳回原因')],
            },
          ],
    [approving, roles.isPending, roles.data, who, open?.target.areaName],
  );
  if (!open) return null;
  return (
    <FormDialog<Values>
      open
      title={approving ? '通过平台账号申请' : '驳回申请'}
      fields={fields}
      okText={approving ? '通过' : '驳回'}
      success={approving ? '审核已通过' : '已驳回'}
      onClose={onClose}
      onSubmit={async (v) => {
        await auditApplication(
          approving
            ? { id: open.target.id, auditStatus: 1, roleIds: (v.roleIds ?? []).map(Number) }
            : { id: open.target.id, auditStatus: 2, remark: v.remark?.trim() },
        );
        onDone();
      }}
    />
  );
}
