/** TypeBox schemas of 信息管理: a notice as the list and the detail show it, its readers, and what 新增或修改通知 sends. */
import { Type, type Static } from 'typebox';
import { PageQuery } from '../../http/envelope.js';
import { SelfArea } from '../../http/schemas.js';

export const Id = Type.Integer({ minimum: 1 });
const Time = Type.Union([Type.String(), Type.Null()]);

export const Notice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.Integer({ description: '1 通知, 2 政策法规, 3 工作动态' }),
  typeName: Type.String(),
  state: Type.Integer({ description: '0 草稿, 1 已发布' }),
  stateName: Type.String(),
  areaId: Type.String({ description: '发布范围：该区域及下级' }),
  areaName: Type.String(),
  brandIds: Type.Array(Type.Integer(), { description: '指定企业；空为范围内全部企业' }),
  brandNames: Type.Array(Type.String()),
  publisherName: Type.String(),
  publishTime: Time,
  createTime: Type.String(),
  updateTime: Type.String(),
  attachmentCount: Type.Integer(),
  readCount: Type.Integer(),
  read: Type.Boolean({ description: '企业账号：是否已读' }),
  readTime: Time,
});

const Attachment = Type.Object({ file: Type.String(), url: Type.String(), name: Type.String(), size: Type.Integer(), type: Type.String() });
export const Reader = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  brandName: Type.String(),
  areaName: Type.String(),
  read: Type.Boolean(),
  readTime: Time,
});
export const Detail = Type.Object({
  ...Notice.properties,
  body: Type.String(),
  attachments: Type.Array(Attachment),
  readers: Type.Array(Reader, { description: '发布方：范围内的企业账号及阅读时间（企业账号看到的为空）' }),
});

/** 通知列表's filters. */
export const NoticeListQuery = Type.Object({
  ...SelfArea,
  ...PageQuery,
  title: Type.Optional(Type.String({ maxLength: 100, description: '标题（模糊）' })),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  read: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '企业账号：0 未读, 1 已读' })),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '发布时间起 yyyy-MM-dd' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '发布时间止 yyyy-MM-dd' })),
});

/** 新增或修改通知 (an id: 修改). */
export const NoticeBody = Type.Object({
  ...SelfArea,
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.Integer({ minimum: 1, maximum: 3, description: '1 通知, 2 政策法规, 3 工作动态' }),
  body: Type.String({ maxLength: 20000, description: '正文（纯文本，空行分段）' }),
  areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '发布范围，缺省为当前区域' })),
  brandIds: Type.Optional(Type.Array(Id, { maxItems: 200, description: '指定企业，空为范围内全部企业' })),
  attachments: Type.Optional(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 20, description: '附件：上传返回的 url 或 file' })),
  state: Type.Integer({ minimum: 0, maximum: 1, description: '0 草稿, 1 发布' }),
});
/** A notice to save: the body with the scope, enterprises and attachments filled in (routes.ts). */
export type NoticeInput = Required<Omit<Static<typeof NoticeBody>, 'selfAreaId' | 'id'>> & { id?: number };
