/**
 * 米单车管理's inspections and piles (issue 29 points 2, 3) at 1920×1080: patrols, installs and piles
 * written into the database of a stopped server (with a photo file), then the admin opens
 * 巡检记录 (a photo opened large), 巡检统计, 安装记录, 在线设备 and 离线设备, each with its rows,
 * and a screenshot of each.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageProblems, type TestServer, launchBrowser, loginViaForm, openPage, screenshot, startServer } from './harness';

const HD = '110108';
const PHOTO = `${'ab'.repeat(16)}.png`;
/** A 64×64 PNG (a green square): the photo of the first patrol and of an install. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsAtmEtMZ1Qi+hcEKLDX9WgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgu1C2EeBHZ+uwAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: PageProblems;

async function seed(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: `${dataDir}/pgdata` });
  try {
    await db.query(
      `insert into sites (id, area_id, site_name, lon, lat, site_bike_ceiling, ble_num, length) values
      ('1101089100001', $1, '中关村地铁站', 116.31, 39.98, 10, 2, 20), ('1101089100002', $1, '海淀黄庄站', 116.32, 39.976, 10, 2, 20)`,
      [HD],
    );
    await db.query(
      `insert into brands (brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
      select name, acc, (select password_hash from users where username = 'admin'), $1, '["110108"]' from (values ('美团', 'mt_e2e'), ('哈啰', 'hb_e2e')) v(name, acc)`,
      [HD],
    );
    await db.query(
      `insert into users (username, password_hash, name, area_id, user_level)
      select u, (select password_hash from users where username = 'admin'), n, $1, 2 from (values ('ins_zhang', '张巡检'), ('ins_li', '李巡检'), ('inst_wang', '王安装')) v(u, n)`,
      [HD],
    );
    await db.query(
      `insert into patrol_records (client_id, user_id, area_id, bike_id, bike_mac, brand_id, site_id, result, note, lon, lat, at)
      select 'e2e' || g, (select id from users where username = case when g % 3 = 0 then 'ins_li' else 'ins_zhang' end), $1,
             case when g % 4 = 3 then null else 'MT' || lpad(g::text, 5, '0') end, case when g % 4 = 3 then 'C8:47:8C:00:00:' || lpad(g::text, 2, '0') end,
             case when g % 4 = 3 then null when g % 2 = 0 then (select id from brands where brand_name = '哈啰') else (select id from brands where brand_name = '美团') end,
             case when g % 2 = 0 then '1101089100001' else '1101089100002' end, 1 + g % 4,
             case g % 4 when 1 then '压盲道停放' when 2 then '车锁损坏' when 3 then '平台未备案' end, 116.31 + g * 0.0001, 39.98, now() - g * interval '37 minutes'
        from generate_series(1, 36) g`,
      [HD],
    );
    await db.query(
      `insert into piles (equipment_mac, site_id, area_id, power, last_seen_at, created_at)
      select 'E2:00:00:00:00:' || lpad(to_hex(g), 2, '0'), case when g % 2 = 0 then '1101089100001' else '1101089100002' end, $1, (g * 13) % 100,
             case when g % 5 = 0 then null when g % 3 = 0 then now() - g * interval '7 hours' else now() - g * interval '2 minutes' end, now() - interval '30 days'
        from generate_series(1, 24) g`,
      [HD],
    );
    await db.query(
      `insert into pile_installs (client_id, user_id, area_id, mac, site_id, lon, lat, at)
      select 'e2e' || g, (select id from users where username = 'inst_wang'), $1, 'E2:00:00:00:00:' || lpad(to_hex(g), 2, '0'),
             case when g % 2 = 0 then '1101089100001' else '1101089100002' end, 116.31, 39.98, now() - interval '30 days' + g * interval '1 hour'
        from generate_series(1, 12) g`,
      [HD],
    );
    const admin = (await db.query<{ id: number }>(`select id from users where username = 'admin'`)).rows[0].id;
    await db.query(
      `insert into uploads (file, purpose, owner_id, uploader_id, area_id, original_name, size, mime) values
      ($1, 'patrol', (select id from patrol_records order by at desc limit 1), $2, $3, 'p.png', $4, 'image/png'),
      ($5, 'install', (select id from pile_installs order by at desc limit 1), $2, $3, 'i.png', $4, 'image/png')`,
      [PHOTO, admin, HD, PNG.length, `${'cd'.repeat(16)}.png`],
    );
  } finally {
    await db.close();
  }
  mkdirSync(`${dataDir}/uploads`, { recursive: true });
  writeFileSync(`${dataDir}/uploads/${PHOTO}`, PNG);
  writeFileSync(`${dataDir}/uploads/${'cd'.repeat(16)}.png`, PNG);
}

beforeAll(async () => {
  server = await startServer('miPiles');
  const { dataDir } = server;
  await server.stop({ keepData: true });
  await seed(dataDir);
  server = await startServer('miPiles', 120_000, { dataDir });
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, { width: 1920, height: 1080 }));
  await loginViaForm(page, server.url);
  // logged in (the session stored) before any tab is opened: under load the login answers late
  await page.waitForURL(/#\/index/, { timeout: 120_000 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');

describe('米单车管理 · 巡检 and 设备 at 1920×1080', () => {
  it('巡检记录: the patrols with result tags and a photo that opens large', async () => {
    // the home screen the login lands on may still route when the hash changes: load the tab afresh
    await page.goto(`${server.url}/#/miBicycle/inspection`);
    await page.reload();
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(10);
    await expect.poll(() => page.getByText('共 36 条').count(), { timeout: 10_000 }).toBe(1);
    const photo = rows().first().locator('img');
    await photo.waitFor({ timeout: 20_000 });
    await screenshot(page, 'miPiles-inspection');
    await photo.click();
    await page.locator('.ant-image-preview-img').waitFor({ timeout: 10_000 });
    await screenshot(page, 'miPiles-inspection-photo');
    await page.keyboard.press('Escape');
  });

  it('巡检统计: per inspector and day', async () => {
    await page.goto(`${server.url}/#/miBicycle/inspectionStats`);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThan(1);
    await expect.poll(() => page.getByText('张巡检').count()).toBeGreaterThan(0);
    await screenshot(page, 'miPiles-inspectionStats');
  });

  it('安装记录, 在线设备, 离线设备', async () => {
    await page.goto(`${server.url}/#/miBicycle/install`);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(10);
    await rows().first().locator('img').waitFor({ timeout: 20_000 });
    await screenshot(page, 'miPiles-install');
    await page.goto(`${server.url}/#/miBicycle/line`);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'miPiles-line');
    await page.goto(`${server.url}/#/miBicycle/noLine`);
    await expect.poll(() => page.getByText('从未上报').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'miPiles-noLine');
    expect(problems.errors).toEqual([]);
  });
});
