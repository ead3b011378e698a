/** The field app's calls (/api/field/*) and the outbox's transport over the request layer. */
import type { Body } from '../../api/types';
import { api, envelope, handleEnvelope, RequestError, type Envelope } from '../../app/request';
import { uploadFile } from '../../components/uploads/service';
import { Refused, type RecordKind, type Transport } from './queue';

/** The phone's position, WGS-84 as the browser gives it. */
export interface Position {
  lon: number;
  lat: number;
  accuracy?: number;
}

// 附近的打卡点、站点、企业与今日打卡 GET /api/field/nearby?lon=&lat=（WGS-84）
export const fetchNearby = (at?: Position | null) => api.get('/field/nearby', at ? { lon: at.lon, lat: at.lat } : {});

// 我的最近记录 GET /api/field/history
export const fetchHistory = () => api.get('/field/history').then((d) => d.items);

/** A refusal code: the input (4xx) or the account's rights (5002); sending again will not help. */
const refusal = (code: number | undefined) => code !== undefined && ((code >= 400 && code < 500 && code !== 401) || code === 5002);

/**
 * An answer that is not code 200, as the outbox needs it: a lost session goes to login as anywhere
 * (and the record waits); a refusal is Refused with the server's message; anything else (a server
 * error) is a failure to try again later.
 */
function failureOf(env: Envelope<unknown>): Error {
  if (env.code === 401) {
    try {
      handleEnvelope(env);
    } catch (err) {
      return err as Error;
    }
  }
  const message = env.message || '发送失败';
  return refusal(env.code) ? new Refused(message) : new RequestError(message, 'failed', false, env.code);
}

type Answer = Promise<Envelope<unknown>>;
/** The record's body as the queue holds it, given to its typed call (the queue built it from the screen's fields). */
const as = <B>(body: Record<string, unknown>) => body as unknown as B;
const opts = { passErrors: true } as const;

// 外勤记录 POST /api/field/clock|patrol|install|siteApply|report
const POSTS: Record<RecordKind, (body: Record<string, unknown>) => Answer> = {
  clock: (b) => envelope.post('/field/clock', as<Body<'/api/field/clock'>>(b), opts),
  patrol: (b) => envelope.post('/field/patrol', as<Body<'/api/field/patrol'>>(b), opts),
  install: (b) => envelope.post('/field/install', as<Body<'/api/field/install'>>(b), opts),
  siteApply: (b) => envelope.post('/field/siteApply', as<Body<'/api/field/siteApply'>>(b), opts),
  report: (b) => envelope.post('/field/report', as<Body<'/api/field/report'>>(b), opts),
};

/** The outbox's calls: the photos through the shared upload (POST /api/upload?purpose=<kind>), then the record. */
export const fieldTransport: Transport = {
  async upload(blob, name, kind) {
    try {
      const up = await uploadFile(new File([blob], name, { type: blob.type }), kind);
      return up.file;
    } catch (err) {
      if (!(err instanceof RequestError)) throw err;
      if (err.code === 401) throw failureOf({ code: 401, message: err.message, data: null });
      // too large (checked before sending), not an image, …: the server will not take it
      if (err.kind === 'bad-input' || refusal(err.code)) throw new Refused(`照片 ${name}：${err.message}`);
      throw err;
    }
  },
  async post(kind, body) {
    const env = await POSTS[kind](body);
    if (env.code !== 200) throw failureOf(env);
    return { data: env.data, message: env.message };
  },
};
