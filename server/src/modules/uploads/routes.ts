/**
 * POST /api/upload (one file, multipart, any logged-in user) and GET /uploads/{file} (spec §3).
 *
 * The console cannot put its token on an <img src> or a link, and a token in the address would
 * end up in logs and browser history; so the console fetches the file with the Authorization
 * header like every other call and shows it through a blob: URL (web/src/components/uploads).
 * The file route therefore checks the same session as /api and answers real HTTP statuses
 * (401, 403, 404, no server path in any message).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, Code, Envelope, badRequest, httpError, ok } from '../../http/envelope.js';
import { CREATES } from '../../http/auditObjects.js';
import { authenticate, tokenOf } from '../../http/auth.js';
import { contentDisposition } from '../../http/xlsx.js';
import { PURPOSES, findUpload, isFileName, mayRead, saveUpload, uploadDir, urlOf, userUploader } from '../../shared/uploads.js';
import { SelfArea } from '../../http/schemas.js';

const tags = ['文件上传'];

const Uploaded = Type.Object({
  id: Type.Integer(),
  file: Type.String({ description: '存储文件名' }),
  url: Type.String({ description: '访问地址 /uploads/{file}' }),
  name: Type.String({ description: '原文件名' }),
  size: Type.Integer(),
  type: Type.String({ description: 'MIME 类型（按内容识别）' }),
});

/** POST /api/upload: the bytes are checked by their content, stored under a random name and answered with their address. */
export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.ctx;
  const mb = Math.round(config.uploadMaxBytes / 1024 / 1024);

  // 上传一个文件（multipart 字段 file）；purpose 说明用途：idcard 身份证照片，notice 通知附件，document 企业文件，filing 车辆备案表格，clock/patrol/install/siteApply/report 外勤照片，examine 考核证据照片
  app.post(
    '/upload',
    {
      config: { audit: CREATES },
      schema: {
        tags,
        summary: '上传文件',
        consumes: ['multipart/form-data'],
        querystring: Type.Object({
          ...SelfArea,
          purpose: Type.Union(
            PURPOSES.map((p) => Type.Literal(p)),
            {
              description:
                '用途：idcard 身份证照片（png/jpg/webp），notice 通知附件、document 企业文件（另可 pdf/docx/xlsx），filing 车辆备案表格（仅 xlsx）；外勤照片（png/jpg/webp）：clock 打卡，patrol 巡检，install 设备安装，siteApply 站点申请，report 违规举报；examine 人工评分的证据照片（png/jpg/webp）',
            },
          ),
        }),
        response: { 200: Envelope(Uploaded) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('缺少参数 file：请以 multipart/form-data 上传一个文件');
      const part = await req.file({ limits: { fileSize: config.uploadMaxBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('缺少参数 file：请以 multipart/form-data 上传一个文件');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`参数 file 过大：文件不能超过 ${mb} MB`);
        throw err;
      }
      const row = await saveUpload(database, config.dataDir, userUploader(req.auth), req.query.purpose, part.filename, bytes, config.uploadLimits);
      return ok({ id: row.id, file: row.file, url: urlOf(row.file), name: row.originalName, size: row.size, type: row.mime }, '上传成功');
    },
  );
};

/** GET /uploads/{file}: only for a logged-in user who may see the file's owner (shared/uploads.ts mayRead). */
export const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config, areas } = app.ctx;
  const dir = uploadDir(config.dataDir);

  app.get('/uploads/:file', { schema: { hide: true } }, async (req, reply) => {
    const name = (req.params as { file: string }).file;
    // only names we generate: ../, encoded slashes, absolute paths never reach the file system
    if (!isFileName(name)) throw httpError(404, '文件不存在');
    const auth = await authenticate(database, areas, tokenOf(req)).catch((err: unknown) => {
      if (err instanceof ApiError) throw httpError(err.code === Code.unauthorized ? 401 : 403, err.message);
      throw err;
    });
    const row = await findUpload(database, name);
    if (!row) throw httpError(404, '文件不存在');
    if (!(await mayRead(database, auth, row))) throw httpError(403, '无权查看该文件');
    const full = path.join(dir, row.file);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (!stat?.isFile()) throw httpError(404, '文件不存在');
    const inline = row.mime.startsWith('image/') || row.mime === 'application/pdf';
    return reply
      .type(row.mime)
      .header('content-length', stat.size)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', inline ? contentDisposition(row.originalName).replace(/^attachment/, 'inline') : contentDisposition(row.originalName))
      .send(fs.createReadStream(full));
  });
};
