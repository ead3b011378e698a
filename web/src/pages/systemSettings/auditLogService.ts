/** Calls of 操作日志 (/api/auditLog): the list, the operations offered as a filter and the export. */
import type { Data } from '../../api/types';
import { download } from '../../app/download';
import { api } from '../../app/request';

export type AuditEntry = Data<'/api/auditLog/list'>['lists'][number];
export type AuditKey = 'username' | 'op' | 'objectId' | 'startTime' | 'endTime' | 'selfAreaId';
export type AuditFilters = Partial<Record<AuditKey, string>>;

/** The screen's filters as the server reads them: 操作 `METHOD /route` splits into method and route. */
function auditParams(f: AuditFilters): Record<string, string> {
  const { op, ...rest } = f;
  const out: Record<string, string> = Object.fromEntries(Object.entries(rest).filter((e): e is [string, string] => !!e[1]));
  if (op) {
    const [method, route] = op.split(' ');
    if (method && route) Object.assign(out, { method, route });
  }
  return out;
}

// 操作日志列表 GET /api/auditLog/list
export const fetchAuditLog = (q: AuditFilters & { currentPage: number; pageSize: number }) =>
  api.get('/auditLog/list', { ...auditParams(q), currentPage: q.currentPage, pageSize: q.pageSize });

// 可筛选的操作 GET /api/auditLog/routes
export const fetchAuditRoutes = () => api.get('/auditLog/routes');

// 导出操作日志 POST /api/auditLog/export
export const exportAuditLog = (f: AuditFilters) => download('POST', '/auditLog/export', { body: auditParams(f) }, '操作日志.xlsx');
