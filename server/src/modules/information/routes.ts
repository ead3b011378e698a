/** 信息管理 (spec §7 Information): /api/information/getList, get, add, delete, and read / enterprises. */
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Paged, ok, pageOf } from '../../http/envelope.js';
import { needs } from '../../http/auth.js';
import { byField } from '../../http/auditObjects.js';
import { SelfArea } from '../../http/schemas.js';
import { timeRange } from '../../http/timeRange.js';
import { formatTime } from '../../domain/time.js';
import { brandsOf } from '../../shared/brands.js';
import { registerOwner, urlOf, type UploadRow } from '../../shared/uploads.js';
import type { NoticeRow, ReaderRow } from './repo.js';
import * as info from './service.js';
import { Detail, Id, Notice, NoticeBody, NoticeListQuery, Reader } from './schemas.js';

const tags = ['信息管理'];
const read = needs('inforManagement');
const edit = needs('information.edit');
/** The notice a write changes (create-or-edit: none without the id). */
const notice = byField('notices', 'id');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config, areas } = app.ctx;
  const tz = config.tz;
  // a notice's attachments open for whoever may see the notice
  registerOwner('notice', async (db, auth, ownerId) => {
    const tree = await areas.tree();
    return info.load(db, auth, tree, ownerId).then(
      () => true,
      () => false,
    );
  });

  const toNotice = (n: NoticeRow): Static<typeof Notice> => ({
    id: n.id,
    title: n.title,
    type: n.type,
    typeName: info.TYPES[n.type] ?? '',
    state: n.state,
    stateName: info.STATES[n.state] ?? '',
    areaId: n.areaId,
    areaName: n.areaName ?? '',
    brandIds: n.brandIds,
    brandNames: n.brandNames ?? [],
    publisherName: n.publisherName ?? '',
    publishTime: formatTime(n.publishedAt, tz),
    createTime: formatTime(n.createdAt, tz)!,
    updateTime: formatTime(n.updatedAt, tz)!,
    attachmentCount: n.attachmentCount,
    readCount: n.readCount,
    read: n.readAt !== null,
    readTime: formatTime(n.readAt, tz),
  });
  const toAttachment = (u: UploadRow) => ({ file: u.file, url: urlOf(u.file), name: u.originalName, size: u.size, type: u.mime });
  const toReader = (r: ReaderRow): Static<typeof Reader> => ({
    userId: r.userId,
    username: r.username,
    name: r.name,
    brandName: r.brandName ?? '',
    areaName: r.areaName ?? '',
    read: r.readAt !== null,
    readTime: formatTime(r.readAt, tz),
  });

  // 通知列表：监管账号看本区域及下级的通知；企业账号看发给它的已发布通知（含已读标记）
  app.get(
    '/getList',
    {
      config: read,
      schema: {
        tags,
        summary: '通知列表',
        querystring: NoticeListQuery,
        response: { 200: Envelope(Paged(Notice)) },
      },
    },
    async (req) => {
      const { from, to } = timeRange(req.query, tz);
      const { rows, total } = await info.list(database, req.auth, await areas.tree(), { ...req.query, from, to, ...pageOf(req.query) });
      return ok({ lists: rows.map(toNotice), total });
    },
  );

  // 通知详情：企业账号查看即标记已读；发布方可见阅读情况
  app.get(
    '/get',
    { config: read, schema: { tags, summary: '通知详情', querystring: Type.Object({ ...SelfArea, id: Id }), response: { 200: Envelope(Detail) } } },
    async (req) => {
      const d = await info.detail(database, req.auth, await areas.tree(), req.query.id);
      return ok({ ...toNotice(d.notice), body: d.notice.body, attachments: d.attachments.map(toAttachment), readers: d.readers.map(toReader) });
    },
  );

  // 新增或修改通知（带 id 为修改）；state 0 草稿、1 发布
  app.post(
    '/add',
    {
      config: { ...edit, audit: notice },
      schema: {
        tags,
        summary: '新增或修改通知',
        querystring: Type.Object(SelfArea),
        body: NoticeBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (req) => {
      const b = req.body;
      const id = await info.save(database, req.auth, await areas.tree(), {
        id: b.id,
        title: b.title,
        type: b.type,
        body: b.body,
        areaId: b.areaId ?? req.auth.areaId,
        brandIds: b.brandIds ?? [],
        attachments: b.attachments ?? [],
        state: b.state,
      });
      return ok({ id }, b.state === 1 ? '通知已发布' : '草稿已保存');
    },
  );

  // 删除通知
  app.delete(
    '/delete',
    { config: { ...edit, audit: notice }, schema: { tags, summary: '删除通知', querystring: Type.Object({ ...SelfArea, id: Id }) } },
    async (req) => {
      await info.remove(database, req.auth, await areas.tree(), req.query.id);
      return ok(null, '通知已删除');
    },
  );

  // 可指定的企业：当前区域及下级区域内的企业
  app.get(
    '/enterprises',
    {
      config: edit,
      schema: {
        tags,
        summary: '可指定的企业',
        querystring: Type.Object(SelfArea),
        response: { 200: Envelope(Type.Array(Type.Object({ brandId: Type.Integer(), brandName: Type.String() }))) },
      },
    },
    async (req) => ok(req.auth.ownRows(await brandsOf(database, req.auth.scopeAreaIds())).map((b) => ({ brandId: b.brandId, brandName: b.brandName }))),
  );
};
export default routes;
