import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, adminClient, createTestApp, userClient, type TestContext } from '../support/app.js';
import { PDF, fetchFile, upload } from '../support/uploads.js';

let t: TestContext;
let admin: Client;
let haidian: Client & { userId: number };
let chaoyang: Client & { userId: number };
let qingju: Client; // enterprise account of 青桔 in 海淀
let meituan: Client; // enterprise account of 美团 in 海淀
let cyQingju: Client; // enterprise account of 青桔 in 朝阳
let qingjuId: number;
let meituanId: number;

async function brand(name: string, account: string) {
  const r = await admin.post('/api/company/createEnterprise', {
    brandName: name,
    brandOperation: `${name}公司`,
    brandAccount: account,
    brandPassword: 'Brand2024x',
    launchArea: ['110108', '110105'],
    operationAreaId: '110108',
  });
  if (r.body.code !== 200) throw new Error(r.body.message);
  return r.body.data.brandId as number;
}

async function enterpriseAccount(username: string, areaId: string, brandId: number) {
  const r = await admin.post('/api/user/add', { username, password: 'Passw0rd1', name: username, areaId, roleIds: [3], brandId });
  if (r.body.code !== 200) throw new Error(r.body.message);
  const c = new Client(t.app);
  await c.login(username, 'Passw0rd1');
  return c;
}

const notice = (over: Record<string, unknown> = {}) => ({
  title: '关于规范停放的通知',
  type: 1,
  body: '第一段。\n\n第二段。',
  state: 1,
  areaId: '110108',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t.app);
  haidian = await userClient(t.app, admin, { username: 'hd_info', areaId: '110108' });
  chaoyang = await userClient(t.app, admin, { username: 'cy_info', areaId: '110105' });
  qingjuId = await brand('青桔单车', 'qj_info');
  meituanId = await brand('美团单车', 'mt_info');
  qingju = await enterpriseAccount('qj_hd', '110108', qingjuId);
  meituan = await enterpriseAccount('mt_hd', '110108', meituanId);
  cyQingju = await enterpriseAccount('qj_cy', '110105', qingjuId);
});
afterAll(() => t.close());

describe('information', () => {
  it('publishes a notice with an attachment that the aimed enterprise reads and marks read', async () => {
    const file = (await upload(t.app, haidian.token, 'notice', '停放规范.pdf', PDF)).body.data;
    const add = await haidian.post('/api/information/add', notice({ brandIds: [qingjuId], attachments: [file.url] }));
    expect(add.body).toMatchObject({ code: 200, message: '通知已发布' });
    const id = add.body.data.id as number;

    const own = await haidian.get('/api/information/getList', { title: '停放' });
    expect(own.body.data.total).toBe(1);
    expect(own.body.data.lists[0]).toMatchObject({
      id,
      typeName: '通知',
      stateName: '已发布',
      areaName: '海淀区',
      brandNames: ['青桔单车'],
      attachmentCount: 1,
      readCount: 0,
    });
    expect(own.body.data.lists[0].publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const inbox = await qingju.get('/api/information/getList');
    expect(inbox.body.data.lists.map((n: { id: number; read: boolean }) => [n.id, n.read])).toEqual([[id, false]]);
    expect((await qingju.get('/api/information/getList', { read: 0 })).body.data.total).toBe(1);
    const opened = await qingju.get('/api/information/get', { id });
    expect(opened.body.data).toMatchObject({ body: '第一段。\n\n第二段。', read: true, readers: [], attachments: [{ name: '停放规范.pdf', url: file.url }] });
    expect((await fetchFile(t.app, qingju.token, file.url)).status).toBe(200);
    expect((await qingju.get('/api/information/getList', { read: 0 })).body.data.total).toBe(0);

    const readers = (await haidian.get('/api/information/get', { id })).body.data.readers;
    expect(readers).toEqual([expect.objectContaining({ username: 'qj_hd', brandName: '青桔单车', read: true, readTime: expect.any(String) })]);
    expect((await haidian.get('/api/information/getList')).body.data.lists[0].readCount).toBe(1);
  });

  it('keeps a notice from enterprises it is not aimed at, and drafts from every enterprise', async () => {
    const file = (await upload(t.app, haidian.token, 'notice', 'x.pdf', PDF)).body.data;
    const id = (await haidian.post('/api/information/add', notice({ title: '仅青桔', brandIds: [qingjuId], attachments: [file.url] }))).body.data.id;
    expect((await meituan.get('/api/information/getList', { title: '仅青桔' })).body.data.total).toBe(0);
    expect((await meituan.get('/api/information/get', { id })).body.code).toBe(5002);
    expect((await fetchFile(t.app, meituan.token, file.url)).status).toBe(403);
    expect((await cyQingju.get('/api/information/get', { id })).body.code).toBe(5002); // 青桔 but in 朝阳
    const draft = (await haidian.post('/api/information/add', notice({ title: '草稿', state: 0 }))).body;
    expect(draft.message).toBe('草稿已保存');
    expect((await qingju.get('/api/information/get', { id: draft.data.id })).body.code).toBe(5002);
    // a notice of 北京市 reaches every enterprise account below it
    const city = (await admin.post('/api/information/add', notice({ title: '全市通知', areaId: '110000' }))).body.data.id;
    expect((await cyQingju.get('/api/information/get', { id: city })).body.code).toBe(200);
    expect((await meituan.get('/api/information/getList', { title: '全市' })).body.data.total).toBe(1);
    expect((await haidian.get('/api/information/get', { id: city })).body.code).toBe(5002); // above the 海淀 regulator
  });

  it('refuses another area’s notice to read, edit and delete', async () => {
    const id = (await haidian.post('/api/information/add', notice({ title: '海淀专属' }))).body.data.id;
    expect((await chaoyang.get('/api/information/get', { id })).body.code).toBe(5002);
    expect((await chaoyang.get('/api/information/getList', { title: '海淀专属' })).body.data.total).toBe(0);
    expect((await chaoyang.post('/api/information/add', notice({ id, areaId: '110105' }))).body.code).toBe(5002);
    expect((await chaoyang.del('/api/information/delete', { id })).body.code).toBe(5002);
    expect((await chaoyang.post('/api/information/add', notice({ areaId: '110108' }))).body.code).toBe(5002); // aimed outside its area
    expect((await haidian.get('/api/information/get', { id })).body.code).toBe(200);
  });

  it('updates and deletes; the attachment list is replaced', async () => {
    const a = (await upload(t.app, haidian.token, 'notice', 'a.pdf', PDF)).body.data.url;
    const b = (await upload(t.app, haidian.token, 'notice', 'b.pdf', PDF)).body.data.url;
    const id = (await haidian.post('/api/information/add', notice({ title: '待改', state: 0, attachments: [a] }))).body.data.id;
    expect((await haidian.post('/api/information/add', notice({ id, title: '已改', type: 2, state: 1, attachments: [b] }))).body.code).toBe(200);
    const d = (await haidian.get('/api/information/get', { id })).body.data;
    expect(d).toMatchObject({ title: '已改', typeName: '政策法规', stateName: '已发布' });
    expect(d.attachments.map((x: { url: string }) => x.url)).toEqual([b]);
    expect((await haidian.get('/api/information/getList', { type: 2, state: 1 })).body.data.total).toBe(1);
    expect((await haidian.del('/api/information/delete', { id })).body).toMatchObject({ code: 200, message: '通知已删除' });
    expect((await haidian.get('/api/information/get', { id })).body.code).toBe(400);
    // the let-go attachment is again only its uploader's
    expect((await fetchFile(t.app, haidian.token, b)).status).toBe(200);
    expect((await fetchFile(t.app, admin.token, b)).status).toBe(403);
  });

  it('answers bad input naming the field', async () => {
    const empty = await haidian.post('/api/information/add', notice({ title: '' }));
    expect(empty.body).toMatchObject({ code: 400, message: '参数 title 不能为空' });
    expect((await haidian.post('/api/information/add', notice({ title: '   ' }))).body.message).toBe('参数 title 不能为空');
    expect((await haidian.post('/api/information/add', notice({ type: 9 }))).body.message).toContain('type');
    expect((await haidian.post('/api/information/add', notice({ attachments: ['/etc/passwd'] }))).body.message).toContain('attachments');
    const others = (await upload(t.app, chaoyang.token, 'notice', 'c.pdf', PDF)).body.data.url;
    expect((await haidian.post('/api/information/add', notice({ attachments: [others] }))).body.message).toContain('attachments');
    expect((await haidian.post('/api/information/add', notice({ brandIds: [99999] }))).body.message).toContain('brandIds');
    expect((await haidian.get('/api/information/getList', { startTime: 'yesterday' })).body.message).toContain('startTime');
    expect((await haidian.get('/api/information/get', { id: 'x' })).body.message).toContain('id');
    expect((await haidian.del('/api/information/delete')).body.message).toContain('id');
  });

  it('answers 401 without a token and 5002 without the permission', async () => {
    const anon = new Client(t.app);
    for (const r of [
      await anon.get('/api/information/getList'),
      await anon.get('/api/information/get', { id: 1 }),
      await anon.post('/api/information/add', notice()),
      await anon.del('/api/information/delete', { id: 1 }),
    ])
      expect(r.body.code).toBe(401);
    const plain = await userClient(t.app, admin, { username: 'hd_noinfo', areaId: '110108', roleIds: [32] });
    expect((await plain.get('/api/information/getList')).body.code).toBe(5002);
    expect((await plain.post('/api/information/add', notice())).body.code).toBe(5002);
    // enterprise accounts read but never publish or delete
    expect((await qingju.post('/api/information/add', notice())).body.code).toBe(5002);
    expect((await qingju.get('/api/information/enterprises')).body.code).toBe(5002);
    const opts = (await haidian.get('/api/information/enterprises')).body.data.map((b: { brandName: string }) => b.brandName);
    expect(opts).toEqual(expect.arrayContaining(['青桔单车', '美团单车']));
  });
});
