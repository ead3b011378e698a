import { Type, type Static, type TObject } from 'typebox';
import { AreaId, LonLatT, Nullable, Polygon } from '../../http/schemas.js';

export const Area = Type.Object({
  id: Type.String(),
  areaCode: Type.String(),
  areaName: Type.String(),
  parentId: Nullable(Type.String()),
  level: Type.Integer({ description: '0 全国, 1 省, 2 市, 3 区县' }),
  aggregation: Type.Integer(),
  aggregationId: Nullable(Type.String()),
  platformCode: Nullable(Type.String()),
  monitorOpen: Type.Boolean(),
  isOpen: Type.Boolean(),
  gbfsPublic: Type.Boolean({ description: '公开发布：本区域的 GBFS 数据无需第三方密钥即可读取' }),
  gpsRail: Nullable(Type.Array(LonLatT)),
  fullPileNum: Type.Number(),
  fullPileName: Type.String(),
  siteCount: Type.Integer({ description: '该区域及下级区域的站点数（不含已删除）' }),
});

export const AreaBrief = Type.Object({
  id: Type.String(),
  areaName: Type.String(),
  parentId: Nullable(Type.String()),
  level: Type.Integer(),
});

export const AreaFields = {
  areaName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  aggregation: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  aggregationId: Type.Optional(Nullable(Type.String({ maxLength: 6 }))),
  platformCode: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  monitorOpen: Type.Optional(Type.Boolean()),
  isOpen: Type.Optional(Type.Boolean()),
  gbfsPublic: Type.Optional(Type.Boolean({ description: '公开发布（GBFS）' })),
  gpsRail: Type.Optional(Polygon),
};

/** 新增区域: the fields, and the new area's code, parent and name. */
export const AreaCreateBody = Type.Object({ ...AreaFields, id: AreaId, parentId: AreaId, areaName: Type.String({ minLength: 1, maxLength: 64 }) });
/** What 修改区域 changes. */
export type AreaInput = Static<TObject<typeof AreaFields>>;

export const Rail = Type.Object({ id: Type.String(), areaId: Type.String(), areaName: Type.String(), gpsRail: Type.Array(LonLatT) });
export const EntryRail = Type.Object({
  id: Type.Integer(),
  areaId: Type.String(),
  areaName: Type.String(),
  name: Type.String(),
  gpsRail: Type.Array(LonLatT),
  createTime: Type.String(),
});
