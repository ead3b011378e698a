/** Notice queries: the list (regulator's and enterprise's), one notice, its readers, writes. */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { likeEscape } from '../../db/sql.js';
import type { Detail, NoticeListQuery, Reader } from './schemas.js';

export type Writer = Pick<Database, 'query'>;
export const inTransaction = <T>(database: Database, fn: (w: Writer) => Promise<T>) => database.tx((query) => fn({ query }));

/** A notice's row: the detail's stored fields, its publisher and times, names missing when gone; `readAt` is the asking user's read (null: unread). */
export type NoticeRow = Pick<Static<typeof Detail>, 'id' | 'title' | 'type' | 'body' | 'areaId' | 'brandIds' | 'state' | 'attachmentCount' | 'readCount'> & {
  areaName: string | null;
  brandNames: string[] | null;
  publisherId: number;
  publisherName: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  readAt: Date | null;
};

/** The notice columns; `$u` is the parameter holding the asking user's id (their read mark). */
const select = (u: string) => `
  select n.id, n.title, n.type, n.body, n.area_id as "areaId", a.area_name as "areaName", n.brand_ids as "brandIds",
         (select array_agg(b.brand_name order by b.id) from brands b where b.id = any(n.brand_ids)) as "brandNames",
         n.state, n.publisher_id as "publisherId", p.name as "publisherName", n.published_at as "publishedAt",
         n.created_at as "createdAt", n.updated_at as "updatedAt",
         (select count(*)::int from uploads f where f.purpose = 'notice' and f.owner_id = n.id) as "attachmentCount",
         (select count(*)::int from notice_reads r where r.notice_id = n.id) as "readCount",
         (select r.read_at from notice_reads r where r.notice_id = n.id and r.user_id = ${u}::int) as "readAt"
    from notices n
    left join areas a on a.id = n.area_id
    left join users p on p.id = n.publisher_id`;

/** 通知列表's filters (NoticeListQuery), the publish times as instants, the page, and whose list it is. */
export type NoticeFilter = Pick<Static<typeof NoticeListQuery>, 'title' | 'type' | 'state' | 'read'> & {
  userId: number;
  /** regulators: notices aimed at these areas */
  areaIds?: string[];
  /** enterprise accounts: published notices aimed at one of these areas (its own and above) and at its enterprise */
  inbox?: { areaIds: string[]; brandId: number };
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

/** When a notice counts as sent, for the list's period and order: its publish time, a draft's creation. */
const LISTED_AT = 'coalesce(n.published_at, n.created_at)';

export async function listNotices(database: Database, f: NoticeFilter) {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    let c = clause;
    for (const v of values) {
      params.push(v);
      c = c.replace('?', `$${params.length}`);
    }
    where.push(c);
  };
  if (f.areaIds) add('n.area_id = any(?::varchar[])', f.areaIds);
  if (f.inbox) {
    add(`n.state = 1 and n.area_id = any(?::varchar[]) and (cardinality(n.brand_ids) = 0 or ? = any(n.brand_ids))`, f.inbox.areaIds, f.inbox.brandId);
    if (f.read !== undefined) add(`${f.read ? '' : 'not '}exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = ?::int)`, f.userId);
  }
  if (f.title) add('n.title ilike ?', `%${likeEscape(f.title)}%`);
  if (f.type !== undefined) add('n.type = ?', f.type);
  if (f.state !== undefined) add('n.state = ?', f.state);
  if (f.from) add(`${LISTED_AT} >= ?`, f.from);
  if (f.to) add(`${LISTED_AT} < ?`, f.to);
  const cond = where.length ? `where ${where.join(' and ')}` : '';
  const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from notices n ${cond}`, params);
  const n = params.length;
  const rows = await database.query<NoticeRow>(`${select(`$${n + 1}`)} ${cond} order by ${LISTED_AT} desc, n.id desc limit $${n + 2} offset $${n + 3}`, [
    ...params,
    f.userId,
    f.limit,
    f.offset,
  ]);
  return { rows, total };
}

export async function findNotice(database: Writer, id: number, userId: number): Promise<NoticeRow | undefined> {
  const [row] = await database.query<NoticeRow>(`${select('$1')} where n.id = $2`, [userId, id]);
  return row;
}

/**
 * A notice's publish time after a write whose state is the parameter `state`: a published one keeps
 * its first time (`prior`, the stored one; none on insert) or gets now; a draft has none.
 */
const publishedAt = (state: string, prior = 'null') => `case when ${state}::smallint = 1 then coalesce(${prior}, now()) end`;

/** What a notice write stores. */
export type NoticeValues = Pick<NoticeRow, 'title' | 'type' | 'body' | 'areaId' | 'brandIds' | 'state'>;

export async function insertNotice(w: Writer, v: NoticeValues, publisherId: number): Promise<number> {
  const [row] = await w.query<{ id: number }>(
    `insert into notices (title, type, body, area_id, brand_ids, state, publisher_id, published_at)
     values ($1, $2, $3, $4, $5::int[], $6::smallint, $7, ${publishedAt('$6')}) returning id`,
    [v.title, v.type, v.body, v.areaId, v.brandIds, v.state, publisherId],
  );
  return row.id;
}

/** A draft published now gets its time; a published notice keeps its first one (publishedAt). */
export async function updateNotice(w: Writer, id: number, v: NoticeValues) {
  await w.query(
    `update notices set title = $2, type = $3, body = $4, area_id = $5, brand_ids = $6::int[], state = $7::smallint, updated_at = now(),
            published_at = ${publishedAt('$7', 'published_at')}
      where id = $1`,
    [id, v.title, v.type, v.body, v.areaId, v.brandIds, v.state],
  );
}

export async function deleteNotice(w: Writer, id: number) {
  await w.query(`update uploads set owner_id = null where purpose = 'notice' and owner_id = $1`, [id]);
  await w.query('delete from notices where id = $1', [id]);
}

export async function markRead(database: Database, noticeId: number, userId: number) {
  await database.query('insert into notice_reads (notice_id, user_id) values ($1, $2) on conflict do nothing', [noticeId, userId]);
}

/** A reader's row: the detail's reader but the read time; names missing when gone. */
export type ReaderRow = Omit<Static<typeof Reader>, 'brandName' | 'areaName' | 'read' | 'readTime'> & {
  brandName: string | null;
  areaName: string | null;
  readAt: Date | null;
};

/** The enterprise accounts a notice reaches (in its areas, of its enterprises if chosen), read first. */
export async function readersOf(database: Database, noticeId: number, areaIds: string[], brandIds: number[]) {
  return database.query<ReaderRow>(
    `select u.id as "userId", u.username, u.name, b.brand_name as "brandName", a.area_name as "areaName", r.read_at as "readAt"
       from users u
       left join brands b on b.id = u.brand_id
       left join areas a on a.id = u.area_id
       left join notice_reads r on r.notice_id = $1 and r.user_id = u.id
      where u.brand_id is not null and u.audit_status = 1 and u.area_id = any($2::varchar[])
        and (cardinality($3::int[]) = 0 or u.brand_id = any($3::int[]))
      order by r.read_at is null, r.read_at desc, u.id
      limit 1000`,
    [noticeId, areaIds, brandIds],
  );
}
