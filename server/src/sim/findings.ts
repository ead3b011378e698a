/**
 * 海淀's inspectors' findings on the demo's whole graded months (评级考核 · 人工评分), as an
 * inspector enters them on the desk: a note of what was seen, where and when, and a photo from the
 * street. They count at the month's assessment (gradeDemo runs after), so 考核详情 shows them
 * beside the measured figures. Once, after a back-fill.
 */
import type { Database } from '../db/client.js';
import { saveUpload } from '../shared/uploads.js';
import { INSPECTORS } from './crew.js';
import { photoJpeg } from './jpeg.js';
import type { World } from './world.js';

interface Finding {
  /** which whole month: 0 the first back-filled */
  month: number;
  /** the operator's index */
  brand: number;
  rule: string;
  findings: number;
  /** what the inspector saw; {m} is the month's number */
  note: string;
}

const FINDINGS: readonly Finding[] = [
  { month: 0, brand: 2, rule: '运维人员配备不足', findings: 2, note: '{m} 月 12 日上午巡查学院路片区，青桔两处运维点无人值守，电话联系 40 分钟后到场' },
  { month: 0, brand: 1, rule: '车辆乱停未及时清理', findings: 1, note: '{m} 月 18 日晚高峰五道口地铁站 C 口，哈啰车辆堆放占用盲道，通知后 2 小时清理完毕' },
  { month: 1, brand: 1, rule: '车辆乱停未及时清理', findings: 3, note: '{m} 月 9 日、16 日、23 日西二旗地铁站周边，哈啰车辆多次乱停未清理，均有照片' },
  { month: 1, brand: 2, rule: '运维人员配备不足', findings: 1, note: '{m} 月 21 日中关村片区青桔运维人员仅 1 人在岗，低于备案的 3 人' },
];

/** Enters the findings for `periods` (YYYY-MM, the whole months back-filled, oldest first); false when there is no scheme or inspector. */
export async function seedFindings(database: Database, dataDir: string, world: World, periods: readonly string[]): Promise<number> {
  const [inspector] = await database.query<{ id: number }>(`select id from users where username = $1`, [INSPECTORS[0]]);
  const rules = await database.query<{ id: number; name: string }>(`select id, name from examine_fixed_rules where area_id = $1 and deleted_at is null`, [
    world.areaId,
  ]);
  const brands = await database.query<{ id: number; account: string }>(
    `select id, brand_account as account from brands where brand_account = any($1::varchar[]) and deleted_at is null`,
    [world.brands.map((b) => b.account)],
  );
  if (!inspector) return 0;
  const ruleId = new Map(rules.map((r) => [r.name, r.id]));
  const brandId = new Map(brands.map((b) => [b.account, b.id]));
  let n = 0;
  for (const [i, f] of FINDINGS.entries()) {
    const period = periods[f.month];
    const rule = ruleId.get(f.rule);
    const brand = brandId.get(world.brands[f.brand]?.account ?? '');
    if (!period || rule === undefined || brand === undefined) continue;
    const photo = await saveUpload(database, dataDir, { userId: inspector.id, areaId: world.areaId }, 'examine', '现场.jpg', photoJpeg(i / FINDINGS.length), {
      dayBytes: 1024 * 1024 * 1024,
      perMinute: 10_000,
    });
    const note = f.note.replace('{m}', String(Number(period.slice(5))));
    const [{ id }] = await database.query<{ id: number }>(
      `insert into examine_fixed_scores (area_id, period, brand_id, rule_id, findings, note, inspector_id) values ($1, $2, $3, $4, $5, $6, $7) returning id::int as id`,
      [world.areaId, period, brand, rule, f.findings, note, inspector.id],
    );
    await database.query(`update uploads set owner_id = $2 where id = $1`, [photo.id, id]);
    n++;
  }
  return n;
}
