import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { DOCX, JPG, PDF, PNG, fetchFile, upload } from '../support/uploads.js';
import { sniff } from '../../src/shared/uploads.js';

let t: TestContext;
let admin: Client;
let haidian: Client & { userId: number };
let chaoyang: Client & { userId: number };

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_upload', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_upload', areaId: '110105' });
});
afterAll(() => t.close());

describe('sniffing', () => {
  it('reads the kind from the bytes, never the name', () => {
    expect(sniff(PNG)).toBe('png');
    expect(sniff(JPG)).toBe('jpg');
    expect(sniff(PDF)).toBe('pdf');
    expect(sniff(DOCX)).toBe('docx');
    expect(sniff(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(sniff(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBeNull(); // a zip that is no Office file
    expect(sniff(Buffer.from('<svg onload="alert(1)"/>'))).toBeNull();
  });
});

describe('POST /api/upload', () => {
  it('stores an ID card photo under a random name with the sniffed extension', async () => {
    const r = await upload(t.app, haidian.token, 'idcard', '身份证正面.jpeg', PNG);
    // the name keeps the user's words, the extension is the bytes' kind (issue 26)
    expect(r.body).toMatchObject({ code: 200, data: { name: '身份证正面.png', size: PNG.length, type: 'image/png' } });
    expect(r.body.data.file).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(r.body.data.url).toBe(`/uploads/${r.body.data.file}`);
    const dataDir = t.app.ctx.config.dataDir;
    expect(fs.readFileSync(path.join(dataDir, 'uploads', r.body.data.file))).toEqual(PNG);
    const [row] = await t.database.query<Record<string, unknown>>(
      'select purpose, owner_id as "ownerId", uploader_id as "uploaderId", area_id as "areaId" from uploads where file = $1',
      [r.body.data.file],
    );
    expect(row).toEqual({ purpose: 'idcard', ownerId: null, uploaderId: haidian.userId, areaId: '110108' });
  });

  it('refuses bytes that are not of a kind the purpose accepts, whatever the name says', async () => {
    const pdfAsPng = await upload(t.app, haidian.token, 'idcard', 'photo.png', PDF);
    expect(pdfAsPng.body.code).toBe(400);
    expect(pdfAsPng.body.message).toContain('参数 file');
    expect(pdfAsPng.body.message).toContain('PNG');
    expect((await upload(t.app, haidian.token, 'notice', 'a.pdf', Buffer.from('plain text'))).body.code).toBe(400);
    expect((await upload(t.app, haidian.token, 'notice', '通知.pdf', PDF)).body).toMatchObject({ code: 200, data: { type: 'application/pdf' } });
    expect((await upload(t.app, haidian.token, 'document', 'x.docx', DOCX)).body.data.file).toMatch(/\.docx$/);
    expect((await upload(t.app, haidian.token, 'idcard', 'empty.png', Buffer.alloc(0))).body).toMatchObject({ code: 400 });
  });

  it('refuses a file over the limit, a wrong purpose, a missing file part and a missing token', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const r = await upload(t.app, haidian.token, 'idcard', 'big.png', big);
    expect(r.body).toMatchObject({ code: 400, message: '参数 file 过大：文件不能超过 1 MB' });
    expect(
      fs
        .readdirSync(path.join(t.app.ctx.config.dataDir, 'uploads'))
        .every((f) => fs.statSync(path.join(t.app.ctx.config.dataDir, 'uploads', f)).size < 1024 * 1024),
    ).toBe(true);
    const bad = await upload(t.app, haidian.token, 'avatar', 'a.png', PNG);
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('purpose');
    expect((await upload(t.app, haidian.token, 'idcard', 'a.png', PNG, 'photo')).body).toMatchObject({ code: 400, message: expect.stringContaining('file') });
    expect((await haidian.post('/api/upload', { file: 'x' }, { purpose: 'idcard' })).body).toMatchObject({
      code: 400,
      message: expect.stringContaining('file'),
    });
    expect((await upload(t.app, null, 'idcard', 'a.png', PNG)).body.code).toBe(401);
  });
});

describe('GET /uploads/{file}', () => {
  it('refuses traversal, absolute and unknown names with 404 and no path', async () => {
    for (const url of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/%2Fetc%2Fpasswd',
      '/uploads/..%252F..%252Fpackage.json',
      '/uploads/../../package.json',
      '/uploads//etc/passwd',
      `/uploads/${'0'.repeat(32)}.png`,
      '/uploads/approval.pdf',
    ]) {
      const r = await fetchFile(t.app, haidian.token, url);
      expect(r.status, url).toBe(404);
      expect(r.text).not.toContain(t.app.ctx.config.dataDir);
      expect(r.text).not.toContain('root:');
    }
  });

  it('answers 401 without a token or with a made-up one', async () => {
    const { body } = await upload(t.app, haidian.token, 'idcard', 'a.png', PNG);
    expect((await fetchFile(t.app, null, body.data.url)).status).toBe(401);
    expect((await fetchFile(t.app, 'made-up', body.data.url)).status).toBe(401);
  });

  it('gives an unattached upload only to its uploader', async () => {
    const { body } = await upload(t.app, haidian.token, 'idcard', 'a.png', PNG);
    const mine = await fetchFile(t.app, haidian.token, body.data.url);
    expect(mine).toMatchObject({ status: 200, type: 'image/png' });
    expect(mine.bytes).toEqual(PNG);
    expect((await fetchFile(t.app, admin.token, body.data.url)).status).toBe(403);
    expect((await fetchFile(t.app, chaoyang.token, body.data.url)).status).toBe(403);
  });

  it('gives ID card photos to the account itself and to those who manage its area', async () => {
    const front = (await upload(t.app, admin.token, 'idcard', 'front.png', PNG)).body.data.url;
    const back = (await upload(t.app, admin.token, 'idcard', 'back.jpg', JPG)).body.data.url;
    const add = await admin.post('/api/user/add', {
      username: 'hd_card',
      password: 'Passw0rd1',
      name: '持证人',
      areaId: '110108',
      roleIds: [32],
      idcardUrl: front,
      idcardBackUrl: back,
    });
    expect(add.body.code).toBe(200);
    const owner = new Client(t.app);
    await owner.login('hd_card', 'Passw0rd1');
    const profile = (await owner.get('/api/user')).body.data;
    expect(profile).toMatchObject({ idcardUrl: front, idcardBackUrl: back });
    expect((await fetchFile(t.app, owner.token, front)).status).toBe(200);
    expect((await fetchFile(t.app, owner.token, back)).type).toBe('image/jpeg');
    expect((await fetchFile(t.app, admin.token, front)).status).toBe(200);
    expect((await fetchFile(t.app, haidian.token, front)).status).toBe(200); // 海淀 manager
    expect((await fetchFile(t.app, chaoyang.token, front)).status).toBe(403); // 朝阳 manager: another area
    // another 海淀 account without 用户管理 (role 32 监督员)
    const plain = await userClient(t.app, admin, { username: 'hd_plain', areaId: '110108', roleIds: [32] });
    expect((await fetchFile(t.app, plain.token, front)).status).toBe(403);
  });

  it('stops serving a replaced or removed ID card photo and deletes its file; the kept one stays', async () => {
    const onDisk = (url: string) => fs.existsSync(path.join(t.app.ctx.config.dataDir, 'uploads', url.slice('/uploads/'.length)));
    const front = (await upload(t.app, admin.token, 'idcard', 'front.png', PNG)).body.data.url;
    const back = (await upload(t.app, admin.token, 'idcard', 'back.png', PNG)).body.data.url;
    const add = await admin.post('/api/user/add', {
      username: 'hd_swap',
      password: 'Passw0rd1',
      name: '换证',
      areaId: '110108',
      idcardUrl: front,
      idcardBackUrl: back,
    });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    // replace the front: the old one answers 404 to everybody, its file is gone, the back is untouched
    const newFront = (await upload(t.app, haidian.token, 'idcard', 'front2.jpg', JPG)).body.data.url;
    expect((await haidian.put('/api/user/edit', { id, idcardUrl: newFront })).body.code).toBe(200);
    expect((await fetchFile(t.app, admin.token, front)).status).toBe(404);
    expect((await fetchFile(t.app, haidian.token, front)).status).toBe(404);
    expect(onDisk(front)).toBe(false);
    expect((await fetchFile(t.app, admin.token, newFront)).status).toBe(200);
    expect((await fetchFile(t.app, admin.token, back)).status).toBe(200);
    expect(onDisk(back)).toBe(true);
    // the old photo cannot be attached again, to this account or another
    expect((await admin.put('/api/user/edit', { id, idcardUrl: front })).body).toMatchObject({
      code: 400,
      message: '参数 idcardUrl 不是可用的上传文件，请重新上传',
    });
    // an edit that does not touch the photos keeps them
    expect((await haidian.put('/api/user/edit', { id, name: '换证2' })).body.code).toBe(200);
    expect((await fetchFile(t.app, admin.token, newFront)).status).toBe(200);
    // remove the back (empty value): no longer served
    expect((await haidian.put('/api/user/edit', { id, idcardBackUrl: '' })).body.code).toBe(200);
    expect((await fetchFile(t.app, admin.token, back)).status).toBe(404);
    expect(onDisk(back)).toBe(false);
    const [u] = await t.database.query<{ back: string | null }>('select idcard_back_url as back from users where id = $1', [id]);
    expect(u.back).toBeNull();
    // a refused edit (another area) releases nothing
    const cyFront = (await upload(t.app, chaoyang.token, 'idcard', 'x.png', PNG)).body.data.url;
    expect((await chaoyang.put('/api/user/edit', { id, idcardUrl: cyFront })).body.code).toBe(5002);
    expect((await fetchFile(t.app, admin.token, newFront)).status).toBe(200);
  });

  it('attaches only the editor’s own uploads and names the field otherwise', async () => {
    const others = (await upload(t.app, chaoyang.token, 'idcard', 'x.png', PNG)).body.data.url;
    const r = await admin.post('/api/user/add', { username: 'hd_card2', password: 'Passw0rd1', name: 'x', areaId: '110108', idcardUrl: others });
    expect(r.body).toMatchObject({ code: 400, message: '参数 idcardUrl 不是可用的上传文件，请重新上传' });
    const notUpload = await admin.post('/api/user/add', {
      username: 'hd_card3',
      password: 'Passw0rd1',
      name: 'x',
      areaId: '110108',
      idcardBackUrl: 'http://evil/x.png',
    });
    expect(notUpload.body).toMatchObject({ code: 400, message: '参数 idcardBackUrl 不是可用的上传文件，请重新上传' });
    const pdf = (await upload(t.app, admin.token, 'notice', 'n.pdf', PDF)).body.data.url;
    expect((await admin.post('/api/user/add', { username: 'hd_card4', password: 'Passw0rd1', name: 'x', areaId: '110108', idcardUrl: pdf })).body.code).toBe(
      400,
    );
    // on edit: the account's own photo stays valid, a new upload of the editor is attached
    const mine = (await upload(t.app, haidian.token, 'idcard', 'y.png', PNG)).body.data.url;
    const target = await userClient(t.app, admin, { username: 'hd_card5', areaId: '110108', roleIds: [32] });
    expect((await haidian.put('/api/user/edit', { id: target.userId, idcardUrl: mine })).body.code).toBe(200);
    expect((await admin.put('/api/user/edit', { id: target.userId, idcardUrl: mine, name: '改名' })).body.code).toBe(200);
    expect((await fetchFile(t.app, target.token, mine)).status).toBe(200);
  });
});
