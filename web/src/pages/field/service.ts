/** The field app's calls (/api/field/*) and the outbox's transport over the request layer. */
import { dataOf, handleEnvelope, http, RequestError, type Envelope } from '../../app/request';
import { Refused, type RecordKind, type Transport } from './queue';
import type { HistoryItem, Nearby } from './types';

/** The phone's position, WGS-84 as the browser gives it. */
export interface Position {
  lon: number;
  lat: number;
  accuracy?: number;
}

// 附近的打卡点、站点、企业与今日打卡 GET /api/field/nearby?lon=&lat=
export const fetchNearby = (at?: Position | null) => dataOf(http.get<Nearby>('/field/nearby', at ? { lon: at.lon, lat: at.lat } : {}));

// 我的最近记录 GET /api/field/history
export const fetchHistory = () => dataOf(http.get<{ items: HistoryItem[] }>('/field/history')).then((d) => d.items);

/** The largest photo sent (the server takes 10 MB; a shrunk photo is far smaller). */
const MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * An answer that is not code 200, as the outbox needs it: a lost session goes to login as anywhere
 * (and the record waits); a refusal of the input (4xx, 5002) is Refused with the server's message;
 * anything else (a server error) is a failure to try again later.
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
  if ((env.code >= 400 && env.code < 500) || env.code === 5002) return new Refused(message);
  return new RequestError(message, 'failed', false, env.code);
}

/** The outbox's calls: POST /api/upload?purpose=<kind>, then POST /api/field/<kind>. */
export const fieldTransport: Transport = {
  async upload(blob, name, kind) {
    if (blob.size > MAX_BYTES) throw new Refused(`照片 ${name} 超过 10 MB，请删除后重新拍摄`);
    const body = new FormData();
    body.append('file', blob, name);
    // 上传外勤照片 POST /api/upload?purpose=clock|patrol|install|siteApply|report
    const env = await http.post<{ file: string }>('/upload', body, { params: { purpose: kind }, passErrors: true, timeout: UPLOAD_TIMEOUT_MS });
    if (env.code !== 200) throw failureOf(env);
    return env.data.file;
  },
  async post(kind: RecordKind, body) {
    // 外勤记录 POST /api/field/clock|patrol|install|siteApply|report
    const env = await http.post<unknown>(`/field/${kind}`, body, { passErrors: true });
    if (env.code !== 200) throw failureOf(env);
    return { data: env.data, message: env.message };
  },
};
