/**
 * Uploaded files, in one place for every screen: the type sniffed from the bytes (never the name
 * or the browser's mime), a random stored name under DATA_DIR/uploads, a row naming the purpose,
 * the uploader and, once the owning object is saved, its id. Who may read a file depends on its
 * owner: each feature registers how to check that for its purpose (registerOwner).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Database, Query } from '../db/client.js';
import { columnValues, insertSql, selectList, type Columns } from '../db/columns.js';
import type { Auth } from '../http/auth.js';
import { badRequest } from '../http/envelope.js';

/**
 * What a console upload is for: ID card photos (users), notice attachments, enterprise documents,
 * bike filing spreadsheets (车辆备案导入), and the field app's photos of a clock-in, a patrol, a pile
 * install, a site application or a violation report (issue 28), and an inspector's photos of a
 * rating finding (评级考核 · 人工评分, issue 30).
 */
export const PURPOSES = ['idcard', 'notice', 'document', 'filing', 'clock', 'patrol', 'install', 'siteApply', 'report', 'examine'] as const;
/** …and what an enterprise uploads on the open API: photos of its answer to a work order. */
export type Purpose = (typeof PURPOSES)[number] | 'workOrder';

export type FileKind = 'png' | 'jpg' | 'webp' | 'pdf' | 'docx' | 'xlsx';

const IMAGES: FileKind[] = ['png', 'jpg', 'webp'];
const DOCUMENTS: FileKind[] = [...IMAGES, 'pdf', 'docx', 'xlsx'];

/** The kinds each purpose accepts. */
const ALLOWED: Record<Purpose, FileKind[]> = {
  idcard: IMAGES,
  notice: DOCUMENTS,
  document: DOCUMENTS,
  filing: ['xlsx'],
  workOrder: IMAGES,
  clock: IMAGES,
  patrol: IMAGES,
  install: IMAGES,
  siteApply: IMAGES,
  report: IMAGES,
  examine: IMAGES,
};

/** What a purpose's file is called in a refusal. */
const WHAT: Record<Purpose, string> = {
  idcard: '身份证照片',
  notice: '附件',
  document: '附件',
  filing: '车辆备案表格',
  workOrder: '工单照片',
  clock: '打卡照片',
  patrol: '巡检照片',
  install: '安装照片',
  siteApply: '站点申请照片',
  report: '举报照片',
  examine: '考核证据照片',
};

export const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const LABEL: Record<FileKind, string> = { png: 'PNG', jpg: 'JPG', webp: 'WEBP', pdf: 'PDF', docx: 'Word（docx）', xlsx: 'Excel（xlsx）' };

/** The allowed kinds in words, for messages (e.g. 仅支持 PNG、JPG、WEBP). */
const allowedText = (purpose: Purpose) => ALLOWED[purpose].map((k) => LABEL[k]).join('、');

const starts = (b: Buffer, bytes: number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);

/** The file's kind from its first bytes (and, for zip-based Office files, the part names inside), or null. */
export function sniff(b: Buffer): FileKind | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (starts(b, [0x50, 0x4b, 0x03, 0x04])) {
    // an OOXML package: part names are stored uncompressed in the zip headers
    const text = b.toString('latin1');
    if (!text.includes('[Content_Types].xml')) return null;
    if (text.includes('word/document.xml')) return 'docx';
    if (text.includes('xl/workbook.xml')) return 'xlsx';
  }
  return null;
}

/** A stored name: 32 hex characters and a known extension; anything else (../, /etc/…, %2F) is no file of ours. */
const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|pdf|docx|xlsx)$/;
export const isFileName = (s: string) => FILE_NAME.test(s);

/** The stored name of a `/uploads/{file}` address (or of a bare name), or null. */
export function fileOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const name = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : url;
  return isFileName(name) ? name : null;
}

export const urlOf = (file: string) => `/uploads/${file}`;

export const uploadDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Internal: an uploads row (the upload's answer names its fields otherwise: name, type, url). */
export interface UploadRow {
  id: number;
  file: string;
  purpose: Purpose;
  ownerId: number | null;
  /** the console user who uploaded it, or null for an enterprise's upload on the open API */
  uploaderId: number | null;
  /** the enterprise that uploaded it on the open API */
  brandId: number | null;
  areaId: string;
  originalName: string;
  size: number;
  mime: string;
  createdAt: Date;
}

/** An upload's fields, by their key, and their columns of uploads. */
const UPLOAD_COLUMNS = {
  id: 'id',
  file: 'file',
  purpose: 'purpose',
  ownerId: 'owner_id',
  uploaderId: 'uploader_id',
  brandId: 'brand_id',
  areaId: 'area_id',
  originalName: 'original_name',
  size: 'size',
  mime: 'mime',
  createdAt: 'created_at',
} satisfies Required<Columns<UploadRow>>;
const ROW = selectList(UPLOAD_COLUMNS, 'uploads');
const SELECT = `select ${ROW} from uploads`;

/**
 * The name as the user gave it, without folders or control characters, at most 255 characters, its
 * extension the detected kind's (a Word package sent as x.html downloads as x.docx).
 */
export function cleanName(name: string | undefined, kind: FileKind): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const stem = base.replace(/\.[^.]*$/, '').trim() || '文件';
  const ext = kind === 'jpg' && /\.jpeg$/i.test(base) ? 'jpeg' : kind;
  return `${stem.slice(0, 250)}.${ext}`;
}

/** What one user may upload (UPLOAD_DAY_MB, UPLOAD_PER_MINUTE). */
export interface UploadLimits {
  /** bytes in any 24 hours */
  dayBytes: number;
  /** files in any minute */
  perMinute: number;
}

/** Who uploads: a console user (the session's), or an enterprise on the open API. */
export type Uploader = { userId: number; areaId: string } | { brandId: number; areaId: string };

/** The console session's user as an uploader. */
export const userUploader = (auth: Pick<Auth, 'user' | 'areaId'>): Uploader => ({ userId: auth.user.id, areaId: auth.areaId });

/** Refuses an upload of `size` bytes beyond the uploader's rate or day's quota (counted from the table: every process sees the same). */
async function checkQuota(database: Database, who: Uploader, size: number, limits: UploadLimits) {
  const [column, id] = 'userId' in who ? ['uploader_id', who.userId] : ['brand_id', who.brandId];
  const [used] = await database.query<{ minute: number; day: string }>(
    `select count(*) filter (where created_at > now() - interval '1 minute')::int as minute, coalesce(sum(size), 0)::text as day
       from uploads where ${column} = $1 and created_at > now() - interval '1 day'`,
    [id],
  );
  if (used.minute >= limits.perMinute) throw badRequest(`上传过于频繁：每分钟最多 ${limits.perMinute} 个文件，请稍后再试`);
  if (Number(used.day) + size > limits.dayBytes)
    throw badRequest(
      `上传已达上限：每个${'userId' in who ? '账号' : '企业'} 24 小时内最多 ${Math.round(limits.dayBytes / 1024 / 1024)} MB，请稍后再试或联系管理员`,
    );
}

/**
 * Stores the bytes under a random name and records them, unattached, for the uploader. Refuses
 * (400) an empty file, one whose bytes are not of a kind the purpose accepts, and one beyond the
 * uploader's rate or quota. A file still unattached a day later is deleted (sweepUnattached).
 */
export async function saveUpload(
  database: Database,
  dataDir: string,
  who: Uploader,
  purpose: Purpose,
  originalName: string | undefined,
  bytes: Buffer,
  limits: UploadLimits,
) {
  if (!bytes.length) throw badRequest('参数 file 不能为空文件');
  const kind = sniff(bytes);
  if (!kind || !ALLOWED[purpose].includes(kind)) throw badRequest(`参数 file 的文件类型不支持：${WHAT[purpose]}仅支持 ${allowedText(purpose)}`);
  await checkQuota(database, who, bytes.length, limits);
  const file = `${randomBytes(16).toString('hex')}.${kind}`;
  const dir = uploadDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, file), bytes, { flag: 'wx' });
  const values = columnValues<Partial<UploadRow>>(UPLOAD_COLUMNS, {
    file,
    purpose,
    uploaderId: 'userId' in who ? who.userId : null,
    brandId: 'brandId' in who ? who.brandId : null,
    areaId: who.areaId,
    originalName: cleanName(originalName, kind),
    size: bytes.length,
    mime: MIME[kind],
  });
  const { text, params } = insertSql('uploads', values, `returning ${ROW}`);
  const [row] = await database.query<UploadRow>(text, params);
  return row;
}

export async function findUpload(database: Pick<Database, 'query'>, file: string): Promise<UploadRow | undefined> {
  const [row] = await database.query<UploadRow>(`${SELECT} where file = $1`, [file]);
  return row;
}

/** The files attached to one owner, oldest first. */
export async function uploadsOf(database: Pick<Database, 'query'>, purpose: Purpose, ownerId: number): Promise<UploadRow[]> {
  return database.query<UploadRow>(`${SELECT} where purpose = $1 and owner_id = $2 order by id`, [purpose, ownerId]);
}

/**
 * Attaches files to their owner, in the owner's write (`w`, its transaction): each must be of this
 * purpose and either already this owner's or an unattached upload of the caller. `field` names
 * the parameter in the refusal. With `only`, the owner's other files of this purpose are let go.
 */
export async function attachUploads(
  w: Pick<Database, 'query'>,
  auth: Auth,
  purpose: Purpose,
  ownerId: number,
  files: string[],
  field: string,
  opts: { only?: boolean } = {},
) {
  for (const file of files) {
    const row = await findUpload(w, file);
    const mine = row && row.purpose === purpose && (row.ownerId === ownerId || (row.ownerId === null && row.uploaderId === auth.user.id));
    if (!mine) throw badRequest(`参数 ${field} 不是可用的上传文件，请重新上传`);
  }
  if (files.length) await w.query('update uploads set owner_id = $3 where purpose = $1 and file = any($2::varchar[])', [purpose, files, ownerId]);
  if (opts.only) {
    await w.query('update uploads set owner_id = null where purpose = $1 and owner_id = $2 and not (file = any($3::varchar[]))', [purpose, ownerId, files]);
  }
}

/**
 * Attaches an enterprise's open-API uploads to their owner (a work order), in the owner's write:
 * each must be of this purpose and either already this owner's or an unattached upload of the
 * enterprise; else 400 naming the file.
 */
export async function attachBrandUploads(q: Query, brandId: number, purpose: Purpose, ownerId: number, files: string[], field: string) {
  if (!files.length) return;
  const rows = await q<{ file: string }>(
    `select file from uploads where purpose = $1 and file = any($2::varchar[]) and (owner_id = $3 or (owner_id is null and brand_id = $4))`,
    [purpose, files, ownerId, brandId],
  );
  const mine = new Set(rows.map((r) => r.file));
  const bad = files.find((f) => !mine.has(f));
  if (bad) throw badRequest(`参数 ${field} 中的 ${bad} 不是本企业上传的可用照片，请先调用照片上传接口再反馈`);
  await q('update uploads set owner_id = $3 where purpose = $1 and file = any($2::varchar[])', [purpose, files, ownerId]);
}

/** How a feature decides who may read the files attached to one of its objects. */
export type OwnerCheck = (database: Database, auth: Auth, ownerId: number, upload: UploadRow) => Promise<boolean>;

const owners = new Map<Purpose, OwnerCheck>();

/** A feature names the check for its purpose once, when its routes load (the check takes the database: several apps may share this module). */
export function registerOwner(purpose: Purpose, check: OwnerCheck) {
  owners.set(purpose, check);
}

/** May `auth` read the file: an unattached one only its uploader; an attached one whoever may see the owner. */
export async function mayRead(database: Database, auth: Auth, upload: UploadRow): Promise<boolean> {
  if (upload.ownerId === null) return upload.uploaderId === auth.user.id;
  const check = owners.get(upload.purpose);
  return check ? check(database, auth, upload.ownerId, upload) : false;
}

/** How long an upload may stay unattached to any object before the hourly job deletes it. */
const UNATTACHED_HOURS = 24;

/**
 * Deletes the uploads left unattached for a day (a form never saved, a file let go), rows and files,
 * a thousand at a time; answers how many went. A file already gone from the disk is no error.
 */
export async function sweepUnattached(database: Pick<Database, 'query'>, dataDir: string, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_HOURS * 3600_000).toISOString();
  let gone = 0;
  for (;;) {
    const rows = await database.query<{ file: string }>(
      `delete from uploads where id = any (array(select id from uploads where owner_id is null and created_at < $1 order by created_at limit 1000))
       returning file`,
      [before],
    );
    for (const r of rows) if (isFileName(r.file)) await fs.promises.rm(path.join(uploadDir(dataDir), r.file), { force: true });
    gone += rows.length;
    if (rows.length < 1000) return gone;
  }
}
