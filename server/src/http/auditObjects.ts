/**
 * What each audited write is about, for the audit log's "before" snapshot (http/audit.ts): per route
 * (`METHOD url` as registered), the rows the request changes or deletes, named by the ids it
 * carries. The audit wrapper reads them in the write's own unit of work before the handler runs, and
 * keeps them redacted like the request (domain/redact.ts). One declaration per route, one reader for
 * all (db/snapshot.ts).
 *
 * CREATES: the route only adds objects (nothing existed before). A route that creates or edits (an
 * id in the body) declares its rows; without the id there are none and `before` stays null.
 *
 * Every audited route must be declared here: server/test/api/auditWalk.test.ts fails on one that is not,
 * and proves each declared route records a non-null `before` for its sample.
 */
import type { FastifyRequest } from 'fastify';
import type { RowRef } from '../db/snapshot.js';

export const CREATES = 'creates' as const;
type Before = (req: FastifyRequest) => RowRef;

const pick = (req: FastifyRequest, name: string): unknown => {
  for (const src of [req.params, req.body, req.query]) {
    const v = src && typeof src === 'object' ? (src as Record<string, unknown>)[name] : undefined;
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
};

const USER_COLUMNS = [
  'id',
  'username',
  'name',
  'phone',
  'company',
  'area_id',
  'user_level',
  'site_id',
  'brand_id',
  'status',
  'audit_status',
  'audit_remark',
  'unavailable_time',
  'idcard_url',
  'idcard_back_url',
  'apply_type',
  'password_hash',
];
const AREA_COLUMNS = ['id', 'parent_id', 'area_name', 'level', 'gps_rail'];
const SITE_COLUMNS = ['id', 'area_id', 'site_name', 'lon', 'lat', 'length', 'full_pile_num', 'site_bike_ceiling', 'site_ceiling', 'gps_rail', 'deleted_at'];

/** One table, rows where `column` is the request's field `field` (params, then body, then query). */
const byField =
  (table: string, field: string, column = 'id', columns?: readonly string[]): Before =>
  (req) => ({ table, where: { [column]: pick(req, field) }, columns });

/**
 * One table, rows whose id is one of the request's field `field`: a list, or a string of ids joined
 * by commas (updateMsg takes both); anything not an integer is left out, so the snapshot never
 * refuses what the handler itself would answer with its own message.
 */
const byIds =
  (table: string, field: string): Before =>
  (req) => {
    const v = pick(req, field);
    const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined ? [] : [v];
    return { table, where: { id: list.map((x) => String(x).trim()).filter((x) => /^\d{1,18}$/.test(x)) } };
  };

const user = byField('users', 'id', 'id', USER_COLUMNS);
const area = (field: string): Before => byField('areas', field, 'id', AREA_COLUMNS);
const site = (field: string): Before => byField('sites', field, 'id', SITE_COLUMNS);
const magnify = byField('magnify_groups', 'id');
const quota: Before = (req) => ({ table: 'brand_quotas', where: { brand_id: pick(req, 'brandId'), area_id: pick(req, 'areaId') ?? req.auth.areaId } });
const areaSettings =
  (columns: string[]): Before =>
  (req) => ({ table: 'areas', where: { id: req.auth.areaId }, columns: ['id', 'area_name', ...columns] });

export const AUDIT_OBJECTS: Record<string, Before | typeof CREATES> = {
  'POST /api/pwd': (req) => ({ table: 'users', where: { id: req.auth.user.id }, columns: USER_COLUMNS }),
  'POST /api/user/add': CREATES,
  'PUT /api/user/edit': user,
  'PUT /api/user/reset': user,
  'POST /api/user/ban': user,
  'POST /api/user/audit': user,
  'POST /api/role/add': CREATES,
  'POST /api/role/edit': byField('roles', 'id'),
  'DELETE /api/role/del': byField('roles', 'id'),
  'POST /api/area': CREATES,
  'PUT /api/area': area('id'),
  'DELETE /api/area/:id': area('id'),
  'POST /api/area/rail': area('areaId'),
  'PUT /api/area/rail/:id': area('id'),
  'DELETE /api/area/rail/:id': area('id'),
  'POST /api/area/entryRail': CREATES,
  'PUT /api/area/entryRail/:id': byField('area_rails', 'id'),
  'DELETE /api/area/entryRail/:id': byField('area_rails', 'id'),
  'POST /api/forbid': CREATES,
  'PUT /api/forbid/:id': byField('forbid_zones', 'id'),
  'DELETE /api/forbid/:id': byField('forbid_zones', 'id'),
  'POST /api/company/createEnterprise': byField('brands', 'brandId'),
  'DELETE /api/company/deleteEnterprise': byField('brands', 'brandId'),
  'POST /api/company/saveMaintainer': byField('maintainers', 'id'),
  'DELETE /api/company/deleteMaintainer': byField('maintainers', 'id'),
  'POST /api/company/setAreaQuota': quota,
  'POST /api/company/importBikes': CREATES,
  'POST /api/bikeLimit/save': quota,
  'POST /api/indexPage/setAreaBikeNumber': quota,
  'POST /api/indexPage/setAreaTotalNumber': (req) => ({ table: 'area_caps', where: { area_id: pick(req, 'areaId') ?? req.auth.areaId } }),
  'POST /api/site': CREATES,
  'POST /api/site/rail': CREATES,
  'PUT /api/site/batch': site('siteIds'),
  'PUT /api/site/length_factor': (req) =>
    pick(req, 'siteIds')
      ? site('siteIds')(req)
      : { table: 'sites', where: { area_id: req.auth.scopeAreaIds(), deleted_at: null, gps_rail: null }, columns: ['id', 'area_id', 'site_name', 'length'] },
  'PUT /api/site/gps/:site_id': site('site_id'),
  'PUT /api/site/areaCenter/:siteId': site('siteId'),
  'PUT /api/site/:id': site('id'),
  'DELETE /api/device/site/delete': site('siteId'),
  'POST /api/site/magnify': CREATES,
  'PUT /api/site/magnify/open/:id': magnify,
  'PUT /api/site/magnify/:id': magnify,
  'DELETE /api/site/magnify/:id': magnify,
  'POST /api/equipment': byField('piles', 'equipmentMac', 'equipment_mac'),
  'DELETE /api/equipment/delete': byField('piles', 'equipmentMac', 'equipment_mac'),
  'PUT /api/abnormal/updateMsg': byIds('abnormal_messages', 'ids'),
  'PUT /api/config/fullPileNum': areaSettings(['full_pile_num', 'full_pile_name']),
  'PUT /api/config/siteParams': areaSettings(['full_pile_num', 'site_length', 'site_threshold_less', 'site_threshold_more', 'site_response_minute']),
  'POST /api/upload': CREATES,
  'POST /api/information/add': byField('notices', 'id'),
  'DELETE /api/information/delete': byField('notices', 'id'),
  'POST /api/saveThirdPartyAuthUser': byField('third_party_keys', 'id'),
  'POST /api/resetThirdPartyAuthKey': byField('third_party_keys', 'id'),
};
