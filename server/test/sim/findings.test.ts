/**
 * The demo's inspectors' findings (评级考核 · 人工评分) on its whole graded months: entered as an
 * inspector would, with a note and a photo, counted by the month's assessment and shown on the
 * desk's calls with the photo readable through the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createTestApp, type Client, type TestContext } from '../support/app.js';
import { fetchFile } from '../support/uploads.js';
import { generateWorld } from '../../src/sim/index.js';
import { crewOf } from '../../src/sim/crew.js';
import { gradeDemo, seedCrew, seedWorld } from '../../src/sim/seed.js';
import { seedFindings } from '../../src/sim/findings.js';

const world = generateWorld(20241129, { sites: 40, fleetScale: 0.2 });
let t: TestContext;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  await seedWorld(t.database, world);
  await seedCrew(t.database, world, crewOf(world));
  admin = await adminClient(t.app);
});
afterAll(() => t?.close());

describe('demo findings', () => {
  it('enters the inspectors’ findings with a photo on the whole months, and the assessment counts them', async () => {
    expect(await seedFindings(t.database, t.app.ctx.config.dataDir, world, ['2026-09', '2026-10'])).toBe(4);
    const sept = (await admin.get('/api/examine/sortContent/list', { period: '2026-09', areaId: world.areaId })).body.data as {
      brandName: string;
      ruleName: string;
      findings: number;
      points: number;
      note: string;
      photos: string[];
      inspectorName: string;
    }[];
    expect(sept.map((s) => [s.brandName, s.ruleName, s.findings, s.points])).toEqual([
      ['哈啰', '车辆乱停未及时清理', 1, 1],
      ['青桔', '运维人员配备不足', 2, 4],
    ]);
    expect(sept[1].note).toContain('9 月 12 日');
    for (const s of sept) {
      expect(s.photos).toHaveLength(1);
      const file = await fetchFile(t.app, admin.token, s.photos[0]);
      expect([file.status, file.type]).toEqual([200, 'image/jpeg']);
    }
    await gradeDemo(t.database, world.areaId, t.app.ctx.config.tz, ['2026-09'], new Date('2026-10-01T03:00:00+08:00'));
    const qj = (await admin.get('/api/examine/brand/sort', { period: '2026-09', areaId: world.areaId })).body.data.lists.find(
      (r: { brandName: string }) => r.brandName === '青桔',
    );
    const detail = (await admin.get('/api/examine/brand/detail', { period: '2026-09', areaId: world.areaId, brandId: qj.brandId })).body.data;
    expect(detail.deductions.find((d: { ruleName: string }) => d.ruleName === '运维人员配备不足')).toMatchObject({ kind: 2, value: 2, points: 4 });
    // a month not back-filled whole gets none
    expect(await seedFindings(t.database, t.app.ctx.config.dataDir, world, [])).toBe(0);
  });
});
