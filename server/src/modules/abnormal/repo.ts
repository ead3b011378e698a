/** Queries of the abnormal messages (spec §4 types 1-14): the filtered list, counts per type, handling. */
import type { Static, TObject } from 'typebox';
import type { Database } from '../../db/client.js';
import { selectList, type Columns } from '../../db/columns.js';
import { likeEscape } from '../../db/sql.js';
import type { Filters, MsgT } from './schemas.js';

/** The list's filters (schemas.ts Filters) checked by msgFilter: types and times parsed, texts trimmed, the scope added. */
export type MsgFilter = Pick<Static<TObject<typeof Filters>>, 'handled' | 'closed' | 'brandId' | 'bikeId' | 'site'> & {
  areaIds: string[];
  types: number[] | null;
  from: Date;
  /** exclusive */
  to: Date;
  /** an enterprise account's own brand */
  brandLimit: number | null;
};

/**
 * An alert is in a window [from, to) when it was active in it: opened before the end and
 * last seen (updated_at: a refreshed condition, the end of a closed one, the event of a one-off) at or
 * after the start.
 */
const ACTIVE_IN = (from: string, to: string) => `a.created_at < ${to} and a.updated_at >= ${from}`;

function where(f: MsgFilter) {
  const params: unknown[] = [f.areaIds, f.from.toISOString(), f.to.toISOString()];
  const cond = ['a.area_id = any($1::varchar[])', ACTIVE_IN('$2', '$3')];
  if (f.types) {
    params.push(f.types);
    cond.push(`a.abnormal_type = any($${params.length}::smallint[])`);
  }
  if (f.handled !== undefined) cond.push(f.handled ? 'a.handled_at is not null' : 'a.handled_at is null');
  if (f.closed !== undefined) cond.push(f.closed ? 'a.closed_at is not null' : 'a.closed_at is null');
  if (f.brandId !== undefined) {
    params.push(f.brandId);
    cond.push(`a.brand_id = $${params.length}`);
  }
  if (f.bikeId) {
    params.push(f.bikeId);
    cond.push(`a.bike_id = $${params.length}`);
  }
  if (f.site) {
    params.push(f.site, `%${likeEscape(f.site)}%`);
    const n = params.length;
    cond.push(`(a.site_id = $${n - 1} or exists (select 1 from sites x where x.id = a.site_id and x.site_name ilike $${n}))`);
  }
  if (f.brandLimit !== null) {
    params.push(f.brandLimit);
    cond.push(`(a.brand_id = $${params.length} or a.brand_id is null)`);
  }
  return { sql: cond.join(' and '), params };
}

/** A message's row: the list's stored fields, the names (null where nothing joins), the detail and the times (toMsg's). */
export type MsgRow = Pick<Static<typeof MsgT>, 'id' | 'abnormalType' | 'brandId' | 'bikeId' | 'siteId' | 'areaId' | 'lon' | 'lat' | 'handledBy'> & {
  brandName: string | null;
  siteName: string | null;
  detail: string | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  handledAt: Date | null;
  /** the work order the alert joined (work_order_alerts), if any */
  orderId: number | null;
  orderType: number | null;
  orderBrandId: number | null;
  orderState: number | null;
  orderDeadline: Date | null;
  orderCreatedAt: Date | null;
};

/** A message's fields of abnormal_messages, by the list's key. */
const MSG_COLUMNS = {
  id: 'id::int',
  abnormalType: 'abnormal_type::int',
  brandId: 'brand_id',
  bikeId: 'bike_id',
  siteId: 'site_id',
  areaId: 'area_id',
  lon: 'lon',
  lat: 'lat',
  detail: 'detail',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  closedAt: 'closed_at',
  handledAt: 'handled_at',
} satisfies Required<Columns<Omit<MsgRow, 'brandName' | 'siteName' | 'handledBy' | `order${string}`>>>;

/** How many messages match. */
export async function countRows(database: Database, f: MsgFilter) {
  const w = where(f);
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from abnormal_messages a where ${w.sql}`, w.params);
  return total;
}

/** A page of matching messages, newest first. */
export async function msgRows(database: Database, f: MsgFilter, page: { limit: number; offset: number }) {
  const w = where(f);
  return database.query<MsgRow>(
    `select ${selectList(MSG_COLUMNS, 'a')}, b.brand_name as "brandName", s.site_name as "siteName", u.name as "handledBy",
            o.id::int as "orderId", o.order_type::int as "orderType", o.brand_id as "orderBrandId", o.state::int as "orderState",
            o.deadline_at as "orderDeadline", o.created_at as "orderCreatedAt"
       from abnormal_messages a
       left join brands b on b.id = a.brand_id
       left join sites s on s.id = a.site_id
       left join users u on u.id = a.handled_by
       left join work_order_alerts w on w.abnormal_id = a.id
       left join work_orders o on o.id = w.order_id
      where ${w.sql}
      order by a.created_at desc, a.id desc limit $${w.params.length + 1} offset $${w.params.length + 2}`,
    [...w.params, page.limit, page.offset],
  );
}

/**
 * Per type: open and unhandled now, active in [from, to) (ACTIVE_IN), and both; an enterprise
 * account's own brand and brand-less ones only.
 */
export async function countByType(database: Database, scope: { areaIds: string[]; brandId: number | null }, win: { from: Date; to: Date }) {
  const own = scope.brandId === null ? '' : 'and (a.brand_id = $4 or a.brand_id is null)';
  const open = 'a.closed_at is null and a.handled_at is null';
  const recent = ACTIVE_IN('$2', '$3');
  return database.query<{ t: number; open: number; recent: number; openRecent: number }>(
    `select a.abnormal_type::int as t,
            count(*) filter (where ${open})::int as open,
            count(*) filter (where ${recent})::int as recent,
            count(*) filter (where ${open} and ${recent})::int as "openRecent"
       from abnormal_messages a
      where a.area_id = any($1::varchar[]) and ((${open}) or (${recent})) ${own}
      group by 1`,
    [scope.areaIds, win.from.toISOString(), win.to.toISOString(), ...(scope.brandId === null ? [] : [scope.brandId])],
  );
}

/** Marks messages handled by a user; answers how many were newly marked. */
export async function markHandled(database: Database, ids: number[], userId: number): Promise<number> {
  const [{ n }] = await database.query<{ n: number }>(
    `with u as (update abnormal_messages set handled_at = now(), handled_by = $2 where id = any($1::bigint[]) and handled_at is null returning 1)
     select count(*)::int as n from u`,
    [ids, userId],
  );
  return n;
}

export async function areasOf(database: Database, ids: number[]) {
  return database.query<{ id: number; areaId: string; brandId: number | null }>(
    `select id::int as id, area_id as "areaId", brand_id as "brandId" from abnormal_messages where id = any($1::bigint[])`,
    [ids],
  );
}
