/**
 * The one request layer (spec §7, §8). Every call goes to `/api` with `Authorization: Bearer <token>`
 * and a 60 s timeout, and answers the envelope {code, message, data}:
 * - body code 401 or 5002: error toast (5 s, once until the next code 200), session cleared on 401,
 *   then /login; the call rejects with a handled RequestError (kind 'auth').
 * - body code 400: the same toast; the call rejects with a handled RequestError (kind 'bad-input'),
 *   so callers get no result and must not show another message.
 * - any other body: resolves with the envelope; `dataOf()` turns code ≠ 200 into a warning + rejection.
 * - HTTP status other than 200, network failure or timeout: rejects (not handled; caller decides).
 * `api.get('/site/', query)`, `api.post('/site/', body)` … are the calls by the generated paths
 * (api/types.ts): the query, the body and the path's `{id}` are checked against the route's schema
 * and the answer is the route's `Data`; `envelope.*` the same, answering the whole envelope.
 */
import type { ApiPath, Body, Data, Full, Method, PathParams, Query } from '../api/types';
import { REQUEST_TIMEOUT_MS } from '../lib/constants';
import { toast } from './feedback';
import { goLogin } from './navigation';
import { getToken, useSession } from './session/store';

const API_BASE = '/api';
export const DEFAULT_ERROR = '出现错误，请稍后再试';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export type ErrorKind = 'auth' | 'bad-input' | 'failed' | 'http' | 'timeout' | 'network';

export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: ErrorKind,
    /** true when the user has already been told (toast or warning shown) */
    readonly handled: boolean,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export type Params = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  params?: Params;
  /** JSON by default; `form: true` sends application/x-www-form-urlencoded; FormData is sent as is */
  body?: unknown;
  form?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  /** hand every body code to the caller (used by login, whose failures are shown on the form) */
  passErrors?: boolean;
}

let authNoticeShown = false;

/** For tests: forget that the auth toast was shown. */
export function resetAuthNotice(): void {
  authNoticeShown = false;
}

export function buildUrl(path: string, params?: Params): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null) continue;
    qs.append(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const q = qs.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${q ? `?${q}` : ''}`;
}

function encodeBody(opts: RequestOptions, headers: Headers): BodyInit | undefined {
  const { body, form } = opts;
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  if (form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    const entries = Object.entries(body as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
    return new URLSearchParams(entries.map(([k, v]) => [k, String(v)]));
  }
  headers.set('Content-Type', 'application/json;charset=UTF-8');
  return JSON.stringify(body);
}

/** Send a request; resolves with the HTTP 200 response, rejects on anything else. */
export async function send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json, */*' });
  const token = getToken();
  if (token) headers.set('Authorization', token.startsWith('Bearer ') ? token : `Bearer ${token}`);
  const body = encodeBody(opts, headers);
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, opts.timeout ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => ctrl.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const res = await fetch(buildUrl(path, opts.params), { method, headers, body, signal: ctrl.signal });
    if (res.status !== 200) throw new RequestError(`服务器错误（HTTP ${res.status}）`, 'http', false);
    return res;
  } catch (err) {
    if (err instanceof RequestError) throw err;
    if (timedOut) throw new RequestError('请求超时，请稍后再试', 'timeout', false);
    if (opts.signal?.aborted) throw err;
    throw new RequestError('网络连接失败，请检查网络', 'network', false);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** Apply the §8 rules to an envelope; returns it when it passes to the caller. */
export function handleEnvelope<T>(env: Envelope<T>, opts: RequestOptions = {}): Envelope<T> {
  if (env.code === 200) {
    authNoticeShown = false;
    return env;
  }
  if (opts.passErrors) return env;
  const text = env.message || DEFAULT_ERROR;
  if (env.code === 401 || env.code === 5002) {
    if (!authNoticeShown) {
      authNoticeShown = true;
      toast().error(text, 5);
    }
    if (env.code === 401) useSession.getState().logout();
    goLogin();
    throw new RequestError(text, 'auth', true, env.code);
  }
  if (env.code === 400) {
    toast().error(text, 5);
    throw new RequestError(text, 'bad-input', true, env.code);
  }
  return env;
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const res = await send(method, path, opts);
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new RequestError('服务器返回了无法识别的内容', 'http', false);
  }
  if (typeof env !== 'object' || env === null || typeof env.code !== 'number') {
    throw new RequestError('服务器返回了无法识别的内容', 'http', false);
  }
  return handleEnvelope(env, opts);
}

type NoBody = Omit<RequestOptions, 'body'>;

export const http = {
  get: <T>(path: string, params?: Params, opts?: NoBody) => request<T>('GET', path, { ...opts, params }),
  post: <T>(path: string, body?: unknown, opts?: NoBody & { form?: boolean }) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: NoBody & { form?: boolean }) => request<T>('PUT', path, { ...opts, body }),
  del: <T>(path: string, body?: unknown, opts?: NoBody) => request<T>('DELETE', path, { ...opts, body }),
};

/** Data of a code-200 envelope; any other code shows a warning with the server message and rejects. */
export async function dataOf<T>(pending: Promise<Envelope<T>>): Promise<T> {
  const env = await pending;
  if (env.code === 200) return env.data;
  const text = env.message || DEFAULT_ERROR;
  toast().warning(text);
  throw new RequestError(text, 'failed', true, env.code);
}

/**
 * The data of a write sent with `passErrors`: a refusal rejects with the server's message, not yet
 * shown (the dialog that asked shows it and stays open); a lost session (401) still goes to login.
 */
export async function written<T>(pending: Promise<Envelope<T>>): Promise<T> {
  const env = await pending;
  if (env.code === 200 || env.code === 401) return handleEnvelope(env).data;
  throw new RequestError(env.message || DEFAULT_ERROR, 'failed', false, env.code);
}

/* ---------------- calls typed by the generated paths ---------------- */

/** The request-layer paths (without /api) that answer method M. */
export type PathOf<M extends Method> = { [S in ApiPath]: [Data<Full<S>, M>] extends [never] ? never : S }[ApiPath];

/** A query as sent: the route's parameters (none when it declares none), any value also as its text (filters kept in the URL are strings). */
export type QueryOf<S extends ApiPath, M extends Method = 'get'> = [Query<Full<S>, M>] extends [never]
  ? Record<string, never>
  : { [K in keyof Query<Full<S>, M>]: Query<Full<S>, M>[K] | string };

/** Options of a typed call: `path` fills the route's `{name}` segments (URI-encoded); a write's query is `params`. */
export type CallOptions<S extends ApiPath, M extends Method> = Omit<RequestOptions, 'params' | 'body'> &
  (M extends 'get' ? unknown : { params?: QueryOf<S, M> }) &
  ([PathParams<Full<S>, M>] extends [never] ? { path?: undefined } : { path: PathParams<Full<S>, M> });

/** The options: required when the path has `{name}` segments. */
type OptionsArg<S extends ApiPath, M extends Method> = [PathParams<Full<S>, M>] extends [never] ? [opts?: CallOptions<S, M>] : [opts: CallOptions<S, M>];
/**
 * The body, then the options. A route that declares no JSON body takes none, or a FormData (an
 * upload's multipart); a body whose fields are all optional may be left out.
 */
type WriteArgs<S extends ApiPath, M extends Method> = [Body<Full<S>, M>] extends [never]
  ? BodyThenOptions<S, M, FormData, false>
  : BodyThenOptions<S, M, Body<Full<S>, M>, object extends Body<Full<S>, M> ? false : true>;
type BodyThenOptions<S extends ApiPath, M extends Method, B, Required extends boolean> = Required extends true
  ? [body: B, ...OptionsArg<S, M>]
  : [PathParams<Full<S>, M>] extends [never]
    ? [body?: B, opts?: CallOptions<S, M>]
    : [body: B | undefined, opts: CallOptions<S, M>];

type Answer<S extends ApiPath, M extends Method> = Promise<Envelope<Data<Full<S>, M>>>;
type Loose = Omit<RequestOptions, 'body' | 'params'> & { params?: unknown; path?: Record<string, string | number> };

/** `/site/{id}` with {id: 'a b'} → `/site/a%20b`; a segment left without a value throws. */
export function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(values[name]));
  });
}

function typed<T>(method: string, path: string, query: unknown, body: unknown, opts: Loose = {}): Promise<Envelope<T>> {
  const { path: values, params, ...rest } = opts;
  return request<T>(method, fillPath(path, values), { ...rest, params: (query ?? params) as Params | undefined, body });
}

/** Typed calls answering the whole envelope (for callers that handle a refusal themselves, with passErrors). */
export const envelope = {
  get: <S extends PathOf<'get'>>(path: S, query?: QueryOf<S>, opts?: CallOptions<S, 'get'>): Answer<S, 'get'> =>
    typed('GET', path, query, undefined, opts as Loose),
  post: <S extends PathOf<'post'>>(path: S, ...[body, opts]: WriteArgs<S, 'post'>): Answer<S, 'post'> => typed('POST', path, undefined, body, opts as Loose),
  put: <S extends PathOf<'put'>>(path: S, ...[body, opts]: WriteArgs<S, 'put'>): Answer<S, 'put'> => typed('PUT', path, undefined, body, opts as Loose),
  del: <S extends PathOf<'delete'>>(path: S, ...[body, opts]: WriteArgs<S, 'delete'>): Answer<S, 'delete'> =>
    typed('DELETE', path, undefined, body, opts as Loose),
};

/** Typed calls answering the data of a code-200 envelope (dataOf: any other code warns and rejects). */
export const api = {
  get: <S extends PathOf<'get'>>(path: S, query?: QueryOf<S>, opts?: CallOptions<S, 'get'>) => dataOf(envelope.get(path, query, opts)),
  post: <S extends PathOf<'post'>>(path: S, ...args: WriteArgs<S, 'post'>) => dataOf(envelope.post(path, ...args)),
  put: <S extends PathOf<'put'>>(path: S, ...args: WriteArgs<S, 'put'>) => dataOf(envelope.put(path, ...args)),
  del: <S extends PathOf<'delete'>>(path: S, ...args: WriteArgs<S, 'delete'>) => dataOf(envelope.del(path, ...args)),
};
