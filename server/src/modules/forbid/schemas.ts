/** TypeBox schemas of 禁停区: a zone as the list shows it, and what 新增禁停区 and 修改禁停区 send. */
import { Type, type Static } from 'typebox';
import { MAX_HOLES } from '../../domain/polygon.js';
import { AreaId, LonLatT, Polygon } from '../../http/schemas.js';

/** A zone's holes as sent: rings like `fence`, each inside it. */
const Holes = Type.Array(Polygon, {
  maxItems: MAX_HOLES,
  description: '内洞（内环）：每个是一个多边形（格式同 fence），须在 fence 之内；不传或空数组为没有内洞',
});

export const ForbidType = Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 禁停围栏, 1 禁停区' });
export const Forbid = Type.Object({
  id: Type.Integer(),
  areaId: Type.String(),
  areaName: Type.String(),
  type: Type.Integer(),
  alias: Type.String(),
  serial: Type.Union([Type.String(), Type.Null()]),
  fence: Type.Array(LonLatT),
  holes: Type.Array(Type.Array(LonLatT), { description: '内洞（内环，闭合）：洞内不算禁停区；没有时为空数组' }),
  enabled: Type.Boolean({ description: '启用：停用的不参与定位判定，也不画在大屏上' }),
  createTime: Type.String(),
});
const Fields = {
  areaId: Type.Optional(AreaId),
  serial: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  enabled: Type.Optional(Type.Boolean({ description: '启用（默认 true）' })),
};

/** 新增禁停区. */
export const ForbidBody = Type.Object({
  ...Fields,
  type: ForbidType,
  alias: Type.String({ minLength: 1, maxLength: 64 }),
  fence: Polygon,
  holes: Type.Optional(Holes),
});
/** 修改禁停区: the fields given (only enabled: 启用/停用). */
export const ForbidEditBody = Type.Object({
  ...Fields,
  type: Type.Optional(ForbidType),
  alias: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  fence: Type.Optional(Polygon),
  holes: Type.Optional(Holes),
});
export type ForbidInput = Static<typeof ForbidEditBody>;
