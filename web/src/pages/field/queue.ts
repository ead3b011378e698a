/**
 * The field app's outbox: every record is kept on the phone (with its photos) before any network
 * call, then sent: its photos uploaded one by one (each upload remembered, so a retry does not upload
 * it again), then the record posted with its clientId. A network failure leaves it waiting for the
 * next try; a refusal (bad input: the server's 4xx answer) sets it aside as 发送失败 with the server's
 * message until the user deletes it; the server stores a clientId once, so sending again is safe.
 *
 * Pure: the storage (IndexedDB on the phone, memory in tests) and the calls are given to it.
 */

export type RecordKind = 'clock' | 'patrol' | 'install' | 'siteApply' | 'report';

export const KIND_NAMES: Record<RecordKind, string> = {
  clock: '打卡',
  patrol: '巡检',
  install: '设备安装',
  siteApply: '站点申请',
  report: '违规举报',
};

interface QueuedPhoto {
  name: string;
  blob: Blob;
  /** the server's file name once uploaded */
  file?: string;
  /** when it was uploaded (ms): an upload not attached within 24 h is deleted by the server */
  uploadedAt?: number;
}

export interface QueuedRecord {
  clientId: string;
  kind: RecordKind;
  /** the user who made it: only their session sends it */
  userId: number | string;
  /** the record's fields, without clientId, at and photos */
  body: Record<string, unknown>;
  photos: QueuedPhoto[];
  /** when it was made on the phone (ms since the epoch) */
  madeAt: number;
  /** a short line for the lists (e.g. 打卡 · 中关村站) */
  title: string;
  /** waiting: to be sent (again); failed: refused by the server, kept until deleted */
  state: 'waiting' | 'failed';
  /** the last failure: the server's refusal, or why the last try did not get through */
  error?: string;
  tries: number;
}

/** Where the queue keeps its records. */
export interface QueueStore {
  all(): Promise<QueuedRecord[]>;
  put(record: QueuedRecord): Promise<void>;
  remove(clientId: string): Promise<void>;
}

/** The calls the queue makes; `post` answers the record's data and the server's message. */
export interface Transport {
  upload(blob: Blob, name: string, kind: RecordKind): Promise<string>;
  post(kind: RecordKind, body: Record<string, unknown>): Promise<{ data: unknown; message: string }>;
}

/** A transport's error for a refusal: the server understood and said no (bad input); sending again will not help. */
export class Refused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Refused';
  }
}

export type SendOutcome =
  | { clientId: string; status: 'sent'; data: unknown; message: string; repeated: boolean }
  | { clientId: string; status: 'failed'; message: string }
  | { clientId: string; status: 'waiting'; message: string };

/**
 * A record sent this long after it was made carries `at` (when it was made, by the phone's clock);
 * one sent at once takes the server's time, so a phone whose clock is off does not matter then.
 */
export const LATE_MS = 60_000;
/** An upload older than this is uploaded again (the server deletes unattached uploads after 24 h). */
export const UPLOAD_TTL_MS = 20 * 3600_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd HH:mm:ss in the phone's local time. */
export function localTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The body posted for a record: its fields, clientId, the uploaded photos' files, and `at` when it is sent late. */
export function bodyOf(record: QueuedRecord, now: number): Record<string, unknown> {
  const body: Record<string, unknown> = { ...record.body, clientId: record.clientId, photos: record.photos.map((p) => p.file) };
  if (now - record.madeAt >= LATE_MS) body.at = localTime(record.madeAt);
  return body;
}

export interface NewRecord {
  kind: RecordKind;
  userId: number | string;
  body: Record<string, unknown>;
  photos: Array<{ name: string; blob: Blob }>;
  title: string;
}

export interface QueueOptions {
  store: QueueStore;
  transport: Transport;
  /** a new clientId (crypto.randomUUID on the phone) */
  newId?: () => string;
  now?: () => number;
  /** told after every change of the stored records */
  onChange?: (records: QueuedRecord[]) => void;
}

export class Outbox {
  private readonly store: QueueStore;
  private readonly transport: Transport;
  private readonly newId: () => string;
  private readonly now: () => number;
  private readonly onChange?: (records: QueuedRecord[]) => void;
  /** the sends under way, by clientId: a second send of the same record joins the first */
  private readonly sending = new Map<string, Promise<SendOutcome>>();
  private flushing: Promise<SendOutcome[]> | null = null;

  constructor(opts: QueueOptions) {
    this.store = opts.store;
    this.transport = opts.transport;
    this.newId = opts.newId ?? (() => crypto.randomUUID());
    this.now = opts.now ?? Date.now;
    this.onChange = opts.onChange;
  }

  /** The stored records, oldest first. */
  async list(): Promise<QueuedRecord[]> {
    return (await this.store.all()).sort((a, b) => a.madeAt - b.madeAt);
  }

  private async changed(): Promise<void> {
    if (this.onChange) this.onChange(await this.list());
  }

  /** Keep a new record on the phone (nothing is sent yet); answers it with its clientId. */
  async add(r: NewRecord): Promise<QueuedRecord> {
    const record: QueuedRecord = {
      clientId: this.newId(),
      kind: r.kind,
      userId: r.userId,
      body: r.body,
      photos: r.photos.map((p) => ({ name: p.name, blob: p.blob })),
      madeAt: this.now(),
      title: r.title,
      state: 'waiting',
      tries: 0,
    };
    await this.store.put(record);
    await this.changed();
    return record;
  }

  /** Forget a record (a refused one the user deleted). */
  async remove(clientId: string): Promise<void> {
    await this.store.remove(clientId);
    await this.changed();
  }

  /** Send one record now (a refused one too: the user asked again); joins a send of it under way. */
  send(clientId: string): Promise<SendOutcome> {
    const under = this.sending.get(clientId);
    if (under) return under;
    const p = this.sendNow(clientId).finally(() => this.sending.delete(clientId));
    this.sending.set(clientId, p);
    return p;
  }

  /** Send every waiting record of this user, oldest first; stops at the first that cannot get through (the network is down). One flush at a time. */
  flush(userId: number | string): Promise<SendOutcome[]> {
    if (this.flushing) return this.flushing;
    this.flushing = this.flushNow(userId).finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async flushNow(userId: number | string): Promise<SendOutcome[]> {
    const out: SendOutcome[] = [];
    const waiting = (await this.list()).filter((r) => r.state === 'waiting' && String(r.userId) === String(userId));
    for (const r of waiting) {
      const o = await this.send(r.clientId);
      out.push(o);
      if (o.status === 'waiting') break;
    }
    return out;
  }

  private async sendNow(clientId: string): Promise<SendOutcome> {
    const record = (await this.store.all()).find((r) => r.clientId === clientId);
    if (!record) return { clientId, status: 'failed', message: '记录不存在' };
    record.tries += 1;
    try {
      for (const photo of record.photos) {
        if (photo.file && photo.uploadedAt !== undefined && this.now() - photo.uploadedAt < UPLOAD_TTL_MS) continue;
        photo.file = await this.transport.upload(photo.blob, photo.name, record.kind);
        photo.uploadedAt = this.now();
        await this.store.put(record); // an upload done is not done again
      }
      const { data, message } = await this.transport.post(record.kind, bodyOf(record, this.now()));
      await this.store.remove(clientId);
      await this.changed();
      const repeated = !!data && typeof data === 'object' && (data as { repeated?: unknown }).repeated === true;
      return { clientId, status: 'sent', data, message, repeated };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof Refused) {
        record.state = 'failed';
        record.error = message;
        await this.store.put(record);
        await this.changed();
        return { clientId, status: 'failed', message };
      }
      // the network (or the session) failed: it waits for the next try, a refused one asked again too
      record.state = 'waiting';
      record.error = message;
      await this.store.put(record);
      await this.changed();
      return { clientId, status: 'waiting', message };
    }
  }
}

/** A copy as a store hands it out (the photos' blobs shared: they never change). */
const copy = (r: QueuedRecord): QueuedRecord => ({ ...r, body: { ...r.body }, photos: r.photos.map((p) => ({ ...p })) });

/** A store in memory (tests; a phone without IndexedDB keeps its records until the page closes). */
export function memoryStore(): QueueStore {
  const rows = new Map<string, QueuedRecord>();
  return {
    all: () => Promise.resolve([...rows.values()].map(copy)),
    put: (r) => {
      rows.set(r.clientId, copy(r));
      return Promise.resolve();
    },
    remove: (id) => {
      rows.delete(id);
      return Promise.resolve();
    },
  };
}
