/**
 * Uploads within limits (issue 26): a user's rate and day's quota, the download name's extension
 * from the detected kind, and unattached files deleted by the hourly job a day later.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { DOCX, PNG, fetchFile, upload } from '../support/uploads.js';
import { cleanName, sweepUnattached } from '../../src/shared/uploads.js';
import { jobContextOf, runHourlyJobs } from '../../src/jobs/index.js';

let t: TestContext;
let admin: Client;
let one: Client & { userId: number };
let two: Client & { userId: number };

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1', UPLOAD_DAY_MB: '2', UPLOAD_PER_MINUTE: '3' });
  admin = await adminClient(t.app);
  one = await userClient(t.app, admin, { username: 'up_one', areaId: '110108', roleIds: [32] });
  two = await userClient(t.app, admin, { username: 'up_two', areaId: '110108', roleIds: [32] });
}, 120_000);
afterAll(() => t.close());

const stored = (file: string) => path.join(t.app.ctx.config.dataDir, 'uploads', file);
/** Moves a user's uploads back in time, as if they were made `minutes` ago. */
const age = (userId: number, minutes: number) =>
  t.database.query(`update uploads set created_at = created_at - make_interval(mins => $2) where uploader_id = $1`, [userId, minutes]);

describe('upload limits', () => {
  it('names the download by the detected kind, whatever the client called it', async () => {
    expect(cleanName('x.html', 'docx')).toBe('x.docx');
    expect(cleanName('../../报告.final.exe', 'pdf')).toBe('报告.final.pdf');
    expect(cleanName('照片.JPEG', 'jpg')).toBe('照片.jpeg');
    expect(cleanName('', 'png')).toBe('文件.png');
    expect(cleanName('.html', 'docx')).toBe('文件.docx');
    const r = await upload(t.app, one.token, 'document', 'x.html', DOCX);
    expect(r.body.data.name).toBe('x.docx');
    const got = await fetchFile(t.app, one.token, r.body.data.url);
    expect(got.status).toBe(200);
    expect(got.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    await age(one.userId, 2);
  });

  it('refuses a fourth file within a minute, then lets the user go on; another user is not held', async () => {
    for (let i = 0; i < 3; i++) expect((await upload(t.app, one.token, 'idcard', `${i}.png`, PNG)).body.code).toBe(200);
    const fourth = await upload(t.app, one.token, 'idcard', '3.png', PNG);
    expect(fourth.body).toMatchObject({ code: 400, message: '上传过于频繁：每分钟最多 3 个文件，请稍后再试' });
    expect((await upload(t.app, two.token, 'idcard', 'a.png', PNG)).body.code).toBe(200);
    await age(one.userId, 2);
    expect((await upload(t.app, one.token, 'idcard', '4.png', PNG)).body.code).toBe(200);
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from uploads where uploader_id = $1', [one.userId]);
    expect(n).toBe(5); // the refused one was not stored
    await age(one.userId, 2);
  });

  it('refuses beyond the day’s quota (2 MB in 24 hours) and accepts again a day later', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(900 * 1024)]);
    await age(two.userId, 2); // out of the last minute's count
    expect((await upload(t.app, two.token, 'idcard', 'b1.png', big)).body.code).toBe(200);
    expect((await upload(t.app, two.token, 'idcard', 'b2.png', big)).body.code).toBe(200);
    const third = await upload(t.app, two.token, 'idcard', 'b3.png', big);
    expect(third.body).toMatchObject({ code: 400, message: '上传已达上限：每个账号 24 小时内最多 2 MB，请稍后再试或联系管理员' });
    await age(two.userId, 24 * 60 + 1);
    expect((await upload(t.app, two.token, 'idcard', 'b4.png', big)).body.code).toBe(200);
  });

  it('deletes files left unattached for a day, rows and bytes, and keeps attached and recent ones', async () => {
    const old = (await upload(t.app, admin.token, 'idcard', 'old.png', PNG)).body.data.file as string;
    const attached = (await upload(t.app, admin.token, 'idcard', 'kept.png', PNG)).body.data.url as string;
    const add = await admin.post('/api/user/add', { username: 'up_card', password: 'Passw0rd1', name: '持证人', areaId: '110108', idcardUrl: attached });
    expect(add.body.code).toBe(200);
    await t.database.query(`update uploads set created_at = now() - interval '25 hours' where uploader_id = (select id from users where username = 'admin')`);
    const recent = (await upload(t.app, admin.token, 'idcard', 'new.png', PNG)).body.data.file as string;
    expect(fs.existsSync(stored(old))).toBe(true);
    // the hourly job runs the sweep (as the scheduler would)
    await runHourlyJobs(jobContextOf(t.app.ctx), new Date());
    expect(fs.existsSync(stored(old))).toBe(false);
    expect(await t.database.query('select 1 from uploads where file = $1', [old])).toEqual([]);
    expect(fs.existsSync(stored(recent))).toBe(true);
    expect((await fetchFile(t.app, admin.token, attached)).status).toBe(200);
    // nothing left to sweep; a row whose file is already gone is no error
    expect(await sweepUnattached(t.database, t.app.ctx.config.dataDir, new Date())).toBe(0);
    await t.database.query(`update uploads set created_at = now() - interval '2 days' where file = $1`, [recent]);
    fs.rmSync(stored(recent));
    expect(await sweepUnattached(t.database, t.app.ctx.config.dataDir, new Date())).toBe(1);
  });
});
