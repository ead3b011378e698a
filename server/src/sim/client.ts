/**
 * An open-API client as an operator would write one: token login, batches of at most 5,000 items
 * and a few MiB, re-login on 401, back-off on 429/503 and network errors. Works over HTTP (fetch)
 * or in process (app.inject) with the same code.
 */
import type { FastifyInstance } from 'fastify';

export interface Reply {
  status: number;
  // open-API answers are read field by field where they are used
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { code?: number; message?: string; data?: any } | null;
  retryAfter: number | null;
}

export type Transport = (method: 'GET' | 'POST', path: string, body: string | null, token: string | null) => Promise<Reply>;

const BASE = '/api/open/v1';
const MAX_ITEMS = 5000;
const MAX_BYTES = 6 * 1024 * 1024;

export function injectTransport(app: FastifyInstance): Transport {
  return async (method, path, body, token) => {
    const res = await app.inject({
      method,
      url: BASE + path,
      payload: body ?? undefined,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const ra = Number(res.headers['retry-after']);
    let parsed: Reply['body'];
    try {
      parsed = res.json();
    } catch {
      parsed = null;
    }
    return { status: res.statusCode, body: parsed, retryAfter: Number.isFinite(ra) ? ra : null };
  };
}

export function fetchTransport(baseUrl: string, signal?: AbortSignal): Transport {
  const root = baseUrl.replace(/\/+$/, '') + BASE;
  return async (method, path, body, token) => {
    const res = await fetch(root + path, {
      method,
      body: body ?? undefined,
      signal,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const text = await res.text();
    let parsed: Reply['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const ra = Number(res.headers.get('retry-after'));
    return { status: res.status, body: parsed, retryAfter: Number.isFinite(ra) && ra > 0 ? ra : null };
  };
}

export class StoppedError extends Error {}

/** Waits, unless the signal stops the simulator first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StoppedError('stopped'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StoppedError('stopped'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface ClientOptions {
  /**
   * On 429: 'wait' backs off as the server asks (live); 'rotate' takes a fresh token, whose own
   * rate budget starts empty (the in-process back-fill sends a month of data in a minute or two).
   */
  onRateLimit: 'wait' | 'rotate';
  signal?: AbortSignal;
  /** Attempts per batch before giving up (network errors, 5xx). */
  attempts?: number;
}

export interface SendResult {
  accepted: number;
  rejected: { index: number; id: string | null; reason: string }[];
  calls: number;
}

export class OpenApiClient {
  private token: string | null = null;
  calls = 0;

  constructor(
    private readonly transport: Transport,
    readonly account: string,
    private readonly password: string,
    private readonly opts: ClientOptions,
  ) {}

  async login(): Promise<void> {
    const r = await this.transport('POST', '/token', JSON.stringify({ account: this.account, password: this.password }), null);
    this.calls++;
    if (r.status !== 200 || !r.body?.data?.token) throw new Error(`open API login of ${this.account} failed: HTTP ${r.status} ${r.body?.message ?? ''}`);
    this.token = r.body.data.token as string;
  }

  /** GET with the token (re-login on 401). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read field by field, as `body.data`
  async get(path: string): Promise<any> {
    const r = await this.call('GET', path, null);
    if (r.status !== 200) throw new Error(`GET ${path}: HTTP ${r.status} ${r.body?.message ?? ''}`);
    return r.body?.data;
  }

  /** POSTs one JSON body with the token (re-login on 401, retries as every call); the reply as it is. */
  async post(path: string, body: unknown): Promise<Reply> {
    return this.call('POST', path, JSON.stringify(body));
  }

  /** Sends items in as many batches as needed, in order. */
  async send(path: string, items: unknown[]): Promise<SendResult> {
    const result: SendResult = { accepted: 0, rejected: [], calls: 0 };
    let parts: string[] = [];
    let bytes = 0;
    let offset = 0;
    const flush = async () => {
      if (!parts.length) return;
      const r = await this.call('POST', path, `{"items":[${parts.join(',')}]}`);
      result.calls++;
      if (r.status !== 200 && r.status !== 400 && r.status !== 403) throw new Error(`POST ${path}: HTTP ${r.status} ${r.body?.message ?? ''}`);
      const data = r.body?.data ?? { accepted: 0, rejected: [] };
      result.accepted += data.accepted ?? 0;
      for (const x of data.rejected ?? []) result.rejected.push({ ...x, index: x.index + offset });
      offset += parts.length;
      parts = [];
      bytes = 0;
    };
    for (const item of items) {
      const json = JSON.stringify(item);
      if (parts.length >= MAX_ITEMS || bytes + json.length > MAX_BYTES) await flush();
      parts.push(json);
      bytes += json.length + 1;
    }
    await flush();
    return result;
  }

  private async call(method: 'GET' | 'POST', path: string, body: string | null): Promise<Reply> {
    const attempts = this.opts.attempts ?? 8;
    let relogged = false;
    for (let attempt = 1; ; attempt++) {
      if (this.opts.signal?.aborted) throw new StoppedError('stopped');
      let r: Reply;
      try {
        if (!this.token) await this.login();
        r = await this.transport(method, path, body, this.token);
        this.calls++;
      } catch (e) {
        if (e instanceof StoppedError || this.opts.signal?.aborted) throw new StoppedError('stopped');
        if (attempt >= attempts) throw e;
        await sleep(Math.min(30_000, 500 * 2 ** attempt), this.opts.signal);
        continue;
      }
      if (r.status === 401 && !relogged) {
        relogged = true;
        this.token = null;
        continue;
      }
      if (r.status === 429 && this.opts.onRateLimit === 'rotate') {
        this.token = null;
        if (attempt < attempts) continue;
      }
      if ((r.status === 429 || r.status === 503 || r.status >= 500) && attempt < attempts) {
        await sleep(r.retryAfter ? r.retryAfter * 1000 : Math.min(30_000, 250 * 2 ** attempt), this.opts.signal);
        continue;
      }
      return r;
    }
  }
}

/**
 * Splits items into consecutive batches in which every key occurs at most once, keeping each
 * key's items in order (a batch may not carry two events of one bike).
 */
export function uniqueBatches<T>(items: T[], key: (item: T) => string): T[][] {
  const batches: T[][] = [];
  const last = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    const i = (last.get(k) ?? -1) + 1;
    last.set(k, i);
    (batches[i] ??= []).push(item);
  }
  return batches;
}
