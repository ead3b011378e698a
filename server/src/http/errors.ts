/** One error handler: validation → code 400 naming the field in Chinese; unknown → 500 without internals. */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, Code } from './envelope.js';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const WHERE: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** A Chinese sentence naming the field and what is wrong with it. */
function describeValidation(issues: AjvIssue[], context?: string): string {
  const e = issues[0];
  if (!e) return '请求参数不正确';
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = e.params.missingProperty as string | undefined;
  const field = missing ? (path ? `${path}.${missing}` : missing) : path || WHERE[context ?? ''] || '参数';
  switch (e.keyword) {
    case 'required':
      return `缺少参数 ${field}，请填写后重试`;
    case 'type':
      return `参数 ${field} 类型不正确，应为${typeName(String(e.params.type))}`;
    case 'minLength':
      return e.params.limit === 1 ? `参数 ${field} 不能为空` : `参数 ${field} 至少 ${e.params.limit} 个字符`;
    case 'maxLength':
      return `参数 ${field} 最多 ${e.params.limit} 个字符`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `参数 ${field} 不能小于 ${e.params.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `参数 ${field} 不能大于 ${e.params.limit}`;
    case 'pattern':
    case 'format':
      return `参数 ${field} 格式不正确`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `参数 ${field} 取值不正确`;
    case 'minItems':
      return `参数 ${field} 至少需要 ${e.params.limit} 项`;
    case 'maxItems':
      return `参数 ${field} 最多 ${e.params.limit} 项`;
    case 'text':
      return `参数 ${field} 含有不允许的字符（空字符或不成对的代理字符）`;
    case 'depth':
      return `参数 ${field} 嵌套层级过深`;
    case 'additionalProperties':
      return `不支持的参数 ${String(e.params.additionalProperty)}`;
    default:
      return `参数 ${field} 不正确`;
  }
}

function typeName(t: string): string {
  return { integer: '整数', number: '数字', string: '字符串', boolean: '布尔值', array: '数组', object: '对象' }[t] ?? t;
}

/**
 * An error the database raised because of a value it was given (SQLSTATE class 22, data exception:
 * out of range, bad text, NUL, datetime overflow), or a Date a request made invalid: the request's
 * fault, answered 400, never 500. Looks through `cause` (drizzle wraps the driver's error).
 */
export function isBadValueError(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
    if (e instanceof RangeError && /Invalid time value|Invalid Date/.test(String(e.message))) return true;
  }
  return false;
}

/** Sent as a string so that no route's response schema reshapes an error's `data`. */
function send(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, message, data: null }));
}

/**
 * Fastify's own refusals before routing (a path parameter over its length limit, a URL that does
 * not decode): the envelope with a Chinese message, like every other answer.
 */
export function frameworkErrors(err: FastifyError, _req: unknown, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return send(reply, status, status, err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '路径参数过长' : '请求地址不正确');
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req, reply) => {
    if (err instanceof ApiError) {
      return send(reply, err.httpStatus, err.code, err.message);
    }
    // machines' routes (the open API, the third-party feeds) answer real HTTP codes
    const isOpen = req.url.startsWith('/api/open/') || req.url.startsWith('/api/feed/');
    if (err.validation) {
      const message = describeValidation(err.validation as unknown as AjvIssue[], err.validationContext);
      return send(reply, isOpen ? 400 : 200, Code.badRequest, message);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // transport problems: bad JSON, body too large, wrong content type, rate limited
      const message =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? '请求体过大'
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
            ? '请求体不是有效的 JSON'
            : err.statusCode === 429
              ? '请求过于频繁，请稍后再试'
              : err.statusCode === 415
                ? '不支持的请求格式'
                : '请求不正确';
      return send(reply, err.statusCode, err.statusCode, message);
    }
    if (isBadValueError(err)) {
      req.log.warn({ err }, 'value refused by the database');
      return send(reply, isOpen ? 400 : 200, Code.badRequest, '参数取值无效（超出范围、格式不正确或含有不允许的字符），请检查后重试');
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, Code.serverError, '服务器内部错误，请稍后再试');
  });
  app.setNotFoundHandler((req, reply) => {
    send(reply, 404, 404, `接口不存在：${req.method} ${req.url.split('?')[0]}`);
  });
}
