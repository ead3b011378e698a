/** Files for upload tests: small byte fixtures of each kind and a multipart request through app.inject(). */
import type { FastifyInstance } from 'fastify';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
export const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake jpeg body')]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
/** The part names of a Word package as they sit in the zip headers (what sniffing reads). */
export const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml....')]);

/** POST /api/upload with one file part (field `file` unless told). */
export function upload(app: FastifyInstance, token: string | null, purpose: string, name: string, bytes: Buffer, field = 'file') {
  return postFile(app, `/api/upload?purpose=${encodeURIComponent(purpose)}`, token, name, bytes, field);
}

/** A multipart POST of one file part to `url` (field `file` unless told). */
export async function postFile(
  app: FastifyInstance,
  url: string,
  token: string | null,
  name: string,
  bytes: Buffer,
  field = 'file',
): Promise<{ status: number; body: { code: number; message: string; data: any } }> {
  const boundary = `----sbsTest${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** GET a file at /uploads/… with a token: the HTTP status, type and bytes. */
export async function fetchFile(app: FastifyInstance, token: string | null, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), bytes: res.rawPayload, text: res.body };
}
