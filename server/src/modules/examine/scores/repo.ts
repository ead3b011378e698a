/** Queries of 评级考核's hand scores (examine_fixed_scores) and month closing (examine_periods, examine_period_log). */
import type { Database } from '../../../db/client.js';
import type { Static } from 'typebox';
import type { ScoreItem } from './schemas.js';

/** A hand score as listed: the rule's points and cap (the service computes points), its photos' stored names, the time as a Date. */
type ScoreRow = Omit<Static<typeof ScoreItem>, 'points' | 'updateTime'> & { rulePoints: number; maxPoints: number | null; updatedAt: Date };

export function scores(database: Database, areaId: string, period: string, brandId: number | null) {
  return database.query<ScoreRow>(
    `select s.id::int as id, s.brand_id as "brandId", b.brand_name as "brandName", s.rule_id as "ruleId", f.name as "ruleName", c.name as "categoryName",
            s.findings, f.points as "rulePoints", f.max_points as "maxPoints", s.note,
            coalesce((select array_agg(up.file order by up.id) from uploads up where up.purpose = 'examine' and up.owner_id = s.id), '{}') as photos, coalesce(nullif(u.name, ''), u.username) as "inspectorName",
            s.updated_at as "updatedAt"
       from examine_fixed_scores s join brands b on b.id = s.brand_id join examine_fixed_rules f on f.id = s.rule_id
       join examine_categories c on c.id = f.category_id left join users u on u.id = s.inspector_id
      where s.area_id = $1 and s.period = $2 and s.deleted_at is null and ($3::int is null or s.brand_id = $3::int)
      order by b.id, c.sort, f.id, s.id`,
    [areaId, period, brandId],
  );
}

export async function scoreScope(database: Pick<Database, 'query'>, id: number) {
  const [row] = await database.query<{ areaId: string; period: string; brandId: number }>(
    `select area_id as "areaId", period, brand_id as "brandId" from examine_fixed_scores where id = $1 and deleted_at is null`,
    [id],
  );
  return row;
}

export async function fixedRule(database: Database, id: number) {
  const [row] = await database.query<{ areaId: string; enabled: boolean }>(
    `select area_id as "areaId", enabled from examine_fixed_rules where id = $1 and deleted_at is null`,
    [id],
  );
  return row;
}

export async function saveScore(
  database: Database,
  id: number | undefined,
  v: { areaId: string; period: string; brandId: number; ruleId: number; findings: number; note: string },
  userId: number,
): Promise<number> {
  if (id === undefined) {
    const [row] = await database.query<{ id: number }>(
      `insert into examine_fixed_scores (area_id, period, brand_id, rule_id, findings, note, inspector_id) values ($1, $2, $3, $4, $5, $6, $7) returning id::int as id`,
      [v.areaId, v.period, v.brandId, v.ruleId, v.findings, v.note, userId],
    );
    return row.id;
  }
  await database.query(
    `update examine_fixed_scores set brand_id = $2, rule_id = $3, findings = $4, note = $5, inspector_id = $6, updated_at = now() where id = $1 and deleted_at is null`,
    [id, v.brandId, v.ruleId, v.findings, v.note, userId],
  );
  return id;
}

/** Deletes a hand score; its photos are let go (the hourly sweep of unattached uploads deletes them). */
export async function deleteScore(database: Database, id: number) {
  await database.query(`update examine_fixed_scores set deleted_at = now() where id = $1 and deleted_at is null`, [id]);
  await database.query(`update uploads set owner_id = null where purpose = 'examine' and owner_id = $1`, [id]);
}

/** Closes or re-opens a month and keeps the step in the log, in one transaction; false when it already was so. */
export async function setClosed(database: Database, areaId: string, period: string, closed: boolean, reason: string | null, userId: number): Promise<boolean> {
  return database.tx(async (q) => {
    const changed = closed
      ? await q(
          `insert into examine_periods as p (area_id, period, closed_at, closed_by) values ($1, $2, now(), $3)
           on conflict (area_id, period) do update set closed_at = now(), closed_by = $3 where p.closed_at is null returning 1`,
          [areaId, period, userId],
        )
      : await q(`update examine_periods set closed_at = null, closed_by = null where area_id = $1 and period = $2 and closed_at is not null returning 1`, [
          areaId,
          period,
        ]);
    if (!changed.length) return false;
    await q(`insert into examine_period_log (area_id, period, action, reason, user_id) values ($1, $2, $3, $4, $5)`, [
      areaId,
      period,
      closed ? 'close' : 'reopen',
      reason,
      userId,
    ]);
    return true;
  });
}

export function periodLog(database: Database, areaId: string, period: string) {
  return database.query<{ action: string; reason: string | null; userName: string | null; at: Date }>(
    `select l.action, l.reason, coalesce(nullif(u.name, ''), u.username) as "userName", l.at
       from examine_period_log l left join users u on u.id = l.user_id where l.area_id = $1 and l.period = $2 order by l.id`,
    [areaId, period],
  );
}
