/** TypeBox schema of an audit log entry as 操作日志 lists it. */
import { Type } from 'typebox';

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
