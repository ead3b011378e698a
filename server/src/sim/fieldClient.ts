/**
 * The field app's calls as a phone makes them, for the demo's field crew (fieldCrew.ts): login
 * through POST /api/login like the console, the token on every call (logging in again when it
 * expired), photos uploaded as multipart, records posted as JSON. Console answers are HTTP 200 with
 * the envelope's code: 200 done; 401 log in again; any other code is the platform refusing (its
 * message is kept for the log); HTTP errors and network failures are errors to retry.
 */
import type { Reply } from './client.js';

export interface FieldBody {
  type: string;
  data: string | Uint8Array;
}

export type FieldTransport = (method: 'GET' | 'POST', path: string, body: FieldBody | null, token: string | null) => Promise<Reply>;

/** Over HTTP to `baseUrl` (…/api/<path>). */
export function fetchFieldTransport(baseUrl: string, signal?: AbortSignal): FieldTransport {
  const root = baseUrl.replace(/\/+$/, '') + '/api';
  return async (method, path, body, token) => {
    const res = await fetch(root + path, {
      method,
      body: body ? (typeof body.data === 'string' ? body.data : Uint8Array.from(body.data)) : undefined,
      signal,
      headers: { ...(body ? { 'content-type': body.type } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const text = await res.text();
    let parsed: Reply['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, retryAfter: null };
  };
}

/** The platform said no (a console answer with a code other than 200 and 401): `message` is its own. */
export class Refused extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const json = (value: unknown): FieldBody => ({ type: 'application/json', data: JSON.stringify(value) });

/** After a refused login the phone does not try again for this long: failed logins count against the address (and 127.0.0.1 is the console's too). */
const LOGIN_PAUSE_MS = 60 * 60_000;

/** One field user's phone. */
export class FieldClient {
  private token: string | null = null;
  private paused: { until: number; message: string } | null = null;

  constructor(
    private readonly transport: FieldTransport,
    readonly username: string,
    private readonly password: string,
  ) {}

  private async login() {
    if (this.paused && Date.now() < this.paused.until) throw new Refused(0, this.paused.message);
    const r = await this.transport('POST', '/login', json({ username: this.username, password: this.password }), null);
    if (r.status !== 200) throw new Error(`login of ${this.username}: HTTP ${r.status}`);
    if (r.body?.code !== 200 || !r.body.data?.token) {
      const message = `登录失败（${this.username}）：${r.body?.message ?? ''}；一小时内不再尝试`;
      this.paused = { until: Date.now() + LOGIN_PAUSE_MS, message };
      throw new Refused(r.body?.code ?? 0, message);
    }
    this.paused = null;
    this.token = r.body.data.token as string;
  }

  /** One call with the token; the envelope's data. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read field by field where used, as `data`
  async call(method: 'GET' | 'POST', path: string, body: FieldBody | null = null): Promise<any> {
    for (let attempt = 0; ; attempt++) {
      if (!this.token) await this.login();
      const r = await this.transport(method, path, body, this.token);
      if (r.status !== 200) throw new Error(`${method} ${path.split('?')[0]}: HTTP ${r.status} ${r.body?.message ?? ''}`);
      const code = r.body?.code;
      if (code === 200) return r.body?.data;
      if (code === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      throw new Refused(code ?? 0, r.body?.message ?? `${method} ${path.split('?')[0]}: code ${code}`);
    }
  }

  get(path: string) {
    return this.call('GET', path);
  }

  post(path: string, body: unknown) {
    return this.call('POST', path, json(body));
  }

  /** POST /api/upload?purpose= with one image part (field `file`): the stored file's name. */
  async upload(purpose: string, bytes: Uint8Array, name = 'photo.jpg'): Promise<string> {
    const boundary = `----fieldCrew${Math.random().toString(16).slice(2)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const data = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = await this.call('POST', `/upload?purpose=${encodeURIComponent(purpose)}`, { type: `multipart/form-data; boundary=${boundary}`, data });
    return up.file as string;
  }
}
