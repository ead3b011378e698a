/**
 * Binary downloads (exports). The file is saved under the server's name from Content-Disposition
 * (RFC 5987 `filename*=UTF-8''…` preferred). A JSON answer instead of a file is an envelope and
 * follows the §8 rules; a non-200 code then shows a warning and rejects.
 */
import { fileNameFromDisposition } from '../lib/contentDisposition';
import { toast } from './feedback';
import { DEFAULT_ERROR, type Envelope, type RequestOptions, RequestError, handleEnvelope, send } from './request';

/** Hand a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Download a file; resolves with the saved file name. */
export async function download(method: string, path: string, opts: RequestOptions = {}, fallbackName = '导出文件.xlsx'): Promise<string> {
  const res = await send(method, path, opts);
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const env = handleEnvelope((await res.json()) as Envelope<unknown>, opts);
    const text = env.code === 200 ? '数据为空' : env.message || DEFAULT_ERROR;
    toast().warning(text);
    throw new RequestError(text, 'failed', true, env.code);
  }
  const name = fileNameFromDisposition(res.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await res.blob(), name);
  return name;
}
