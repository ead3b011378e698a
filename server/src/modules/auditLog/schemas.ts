/** TypeBox schemas of an audit log entry as 操作日志 lists it, and of its filters. */
import { Type } from 'typebox';
import { SelfArea } from '../../http/schemas.js';

export const Entry = Type.Object({
  id: Type.String(),
  time: Type.String({ description: '操作时间 yyyy-MM-dd HH:mm:ss' }),
  userId: Type.Integer(),
  username: Type.String(),
  userName: Type.String(),
  areaId: Type.String({ description: '操作用户所属区域' }),
  method: Type.String(),
  route: Type.String(),
  summary: Type.String({ description: '操作（接口摘要）' }),
  objectId: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown({ description: '修改前的对象（按路由声明读取，已脱敏）；新增时为 null' }),
  after: Type.Unknown({ description: '请求与结果摘要 {params, query, body, answer}，已去除密码、令牌与密钥' }),
  ip: Type.String(),
  outcome: Type.String({ description: '结果：返回码与提示' }),
});

/** 操作日志's filters (the list's and the export's). */
export const Filters = {
  ...SelfArea,
  username: Type.Optional(Type.String({ maxLength: 32, description: '操作用户的用户名（精确）' })),
  route: Type.Optional(Type.String({ maxLength: 200, description: '接口路径，如 /api/user/add（见 GET /api/auditLog/routes）' })),
  method: Type.Optional(Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE'), Type.Literal('PATCH')])),
  objectId: Type.Optional(Type.String({ maxLength: 64, description: '对象编号（路径参数、id 或新建对象的 id）' })),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '开始时间 yyyy-MM-dd HH:mm:ss' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '结束时间 yyyy-MM-dd HH:mm:ss' })),
};
export const FilterQuery = Type.Object(Filters);
