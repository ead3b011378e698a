/**
 * audit_log's columns under the keys an entry names its fields (modules/auditLog/schemas.ts Entry):
 * http/audit.ts inserts the rows with it, modules/auditLog/repo.ts reads them back (and checks it
 * names every field of the row). id and at are the table's defaults on insert.
 */
export const AUDIT_COLUMNS = {
  id: 'id::text',
  at: 'at',
  userId: 'user_id',
  username: 'username',
  userName: 'user_name',
  areaId: 'area_id',
  method: 'method',
  route: 'route',
  summary: 'summary',
  objectId: 'object_id',
  before: 'before',
  after: 'after',
  ip: 'ip',
  outcome: 'outcome',
} as const;
