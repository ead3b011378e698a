/** The `{code, message, data}` envelope of every answer, and the error a handler throws. */
import { Type, type TSchema } from 'typebox';

export const Code = { ok: 200, badRequest: 400, unauthorized: 401, forbidden: 5002, serverError: 500 } as const;

/** A refusal a handler throws; raised through the helpers below (never `new`), caught by http/errors.ts. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    /** Real HTTP status: console answers stay 200 with the failure in `code`, the open API uses real ones. */
    public readonly httpStatus = 200,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(Code.badRequest, message);
export const unauthorized = (message = '登录已失效，请重新登录') => new ApiError(Code.unauthorized, message);
export const forbidden = (message = '没有权限执行此操作，请联系管理员') => new ApiError(Code.forbidden, message);
export const notFound = (what: string) => new ApiError(Code.badRequest, `${what}不存在，请刷新后重试`);
/** A refusal for machines (the open API, the third-party feed, the files at /uploads): its real HTTP status, as code too. */
export const httpError = (status: number, message: string) => new ApiError(status, message, status);

export function ok<T>(data: T, message = '操作成功！') {
  return { code: Code.ok, message, data };
}

/** Response schema of an envelope around `data`. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), message: Type.String(), data });
}

/** Paged data: `{lists, total}`. */
export function Paged<T extends TSchema>(item: T) {
  return Type.Object({ lists: Type.Array(item), total: Type.Integer() });
}

export const PageQuery = {
  currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: '页码，从 1 开始' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: '每页条数' })),
};

export function pageOf(q: { currentPage?: number; pageSize?: number }) {
  const pageSize = q.pageSize ?? 10;
  const currentPage = q.currentPage ?? 1;
  return { limit: pageSize, offset: (currentPage - 1) * pageSize };
}
