/**
 * Uploaded files (server: modules/uploads). An <img src> or a link cannot carry the Authorization
 * header and a token in the address would land in logs and history, so the console fetches
 * /uploads/{file} with the header like every other call and shows the bytes through a blob: URL.
 */
import type { Data, Query } from '../../api/types';
import { RequestError, envelope } from '../../app/request';
import { getToken, useSession } from '../../app/session/store';
import { goLogin } from '../../app/navigation';
import { uploadUrl } from '../../lib/upload';

export type Uploaded = Data<'/api/upload', 'post'>;
/** What an upload is for (the server's purposes): the desk's documents, and the field app's photos (clock … report). */
export type Purpose = Query<'/api/upload', 'post'>['purpose'];

const IMAGES = 'image/png,image/jpeg,image/webp';

/** What each purpose accepts (the server checks the bytes again) and the largest size. */
export const ACCEPT: Record<Purpose, string> = {
  idcard: IMAGES,
  notice: 'image/png,image/jpeg,image/webp,application/pdf,.docx,.xlsx',
  document: 'image/png,image/jpeg,image/webp,application/pdf,.docx,.xlsx',
  filing: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  clock: IMAGES,
  patrol: IMAGES,
  install: IMAGES,
  siteApply: IMAGES,
  report: IMAGES,
  examine: IMAGES,
};
export const MAX_MB = 10;

// 上传一个文件（字段 file），purpose 说明用途 POST /api/upload?purpose=
export async function uploadFile(file: File, purpose: Purpose): Promise<Uploaded> {
  if (file.size > MAX_MB * 1024 * 1024) throw new RequestError(`文件不能超过 ${MAX_MB} MB`, 'bad-input', false);
  const body = new FormData();
  body.append('file', file, file.name);
  const env = await envelope.post('/upload', body, { params: { purpose }, passErrors: true, timeout: 120_000 });
  if (env.code !== 200) throw new RequestError(env.message || '上传失败，请稍后再试', 'failed', false, env.code);
  return env.data;
}

// 读取已上传的文件（带登录凭证）GET /uploads/{file}
export async function fetchUpload(url: string): Promise<Blob> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', token.startsWith('Bearer ') ? token : `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(uploadUrl(url), { headers });
  } catch {
    throw new RequestError('网络连接失败，请检查网络', 'network', false);
  }
  if (res.status === 401) {
    useSession.getState().logout();
    goLogin();
    throw new RequestError('登录已失效，请重新登录', 'auth', false, 401);
  }
  if (res.status === 403) throw new RequestError('无权查看该文件', 'failed', false, 403);
  if (res.status === 404) throw new RequestError('文件不存在或已被删除', 'failed', false, 404);
  if (!res.ok) throw new RequestError(`文件加载失败（HTTP ${res.status}）`, 'http', false, res.status);
  return res.blob();
}
