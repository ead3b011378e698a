/**
 * A ZIP archive (PKWARE APPNOTE) written to a stream as it goes, the container of the .xlsx writer.
 *
 * Small entries are deflated at once and written with their sizes; an entry of unknown length is
 * deflated while its data arrives and written with a data descriptor (general purpose flag bit 3),
 * so nothing but a chunk of data and zlib's window is held in memory. Every write honours
 * backpressure: when the output's `write()` returns false the stream waits for `drain`, and it stops
 * with `OutputClosedError` as soon as the output is destroyed (the client went away). ZIP64 is not
 * written: an archive (or an entry) reaching 4 GiB is refused with `ZipTooLargeError`.
 */
import { Writable } from 'node:stream';
import zlib from 'node:zlib';

/** The output was destroyed (client gone) before the archive was complete. */
export class OutputClosedError extends Error {
  constructor() {
    super('xlsx output closed before the file was complete');
    this.name = 'OutputClosedError';
  }
}

/** The archive would need ZIP64 (an entry or offset of 4 GiB or more), which is not written. */
export class ZipTooLargeError extends Error {
  constructor(what: string) {
    super(`${what} reaches 4 GiB: ZIP64 is not supported, narrow the export`);
    this.name = 'ZipTooLargeError';
  }
}

const LIMIT = 0xffffffff;
const FLAG_DESCRIPTOR = 0x0008; // bit 3: crc and sizes follow the data
const FLAG_UTF8 = 0x0800; // bit 11: names are UTF-8
const METHOD_DEFLATE = 8;
const VERSION = 20; // 2.0: deflate

/** Resolves on `drain`; rejects when the stream is destroyed, errors or closes first. */
function drained(s: Writable): Promise<void> {
  if (s.destroyed || s.writableEnded) return Promise.reject(new OutputClosedError());
  return new Promise((resolve, reject) => {
    const off = () => {
      s.off('drain', onDrain);
      s.off('close', onClose);
      s.off('error', onError);
    };
    const onDrain = () => (off(), resolve());
    const onClose = () => (off(), reject(new OutputClosedError()));
    const onError = (err: Error) => (off(), reject(err));
    s.on('drain', onDrain);
    s.on('close', onClose);
    s.on('error', onError);
  });
}

/** MS-DOS time and date (local time, 2-second resolution) of a date. */
function dosDateTime(d: Date) {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface CentralEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export interface ZipOptions {
  /** zlib level, 1 (fast) to 9 (small); default 3: nearly level 6’s size for half its time. */
  level?: number;
  /** Modification time written for every entry (default: now). */
  date?: Date;
}

/** Writes a ZIP archive to `out`, entry after entry. Call `finish()` once, then end `out` yourself. */
export class ZipStream {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private readonly level: number;
  private readonly stamp: { time: number; date: number };
  private open: zlib.DeflateRaw | null = null;
  private finished = false;

  constructor(
    private readonly out: Writable,
    opts: ZipOptions = {},
  ) {
    this.level = opts.level ?? 3;
    this.stamp = dosDateTime(opts.date ?? new Date());
    // the client went away: stop a deflate in flight so its writer's wait rejects
    out.once('close', () => {
      if (!this.finished) this.open?.destroy(new OutputClosedError());
    });
  }

  /** Bytes written so far. */
  get bytes() {
    return this.offset;
  }

  private async put(buf: Buffer) {
    if (this.out.destroyed) throw new OutputClosedError();
    this.advance(buf.length);
    if (!this.out.write(buf)) await drained(this.out);
  }

  private advance(n: number) {
    this.offset += n;
    if (this.offset >= LIMIT) throw new ZipTooLargeError('the archive');
  }

  private localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number) {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(VERSION, 4);
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(METHOD_DEFLATE, 8);
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt32LE(crc >>> 0, 14);
    h.writeUInt32LE(compressed, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(0, 28); // extra field length
    return Buffer.concat([h, name]);
  }

  /** A whole entry known in advance: deflated at once, sizes in the local header. */
  async addFile(fileName: string, data: string | Buffer) {
    if (this.open) throw new Error('zip: an entry is still open');
    const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (raw.length >= LIMIT) throw new ZipTooLargeError(fileName);
    const packed = zlib.deflateRawSync(raw, { level: this.level });
    if (packed.length >= LIMIT) throw new ZipTooLargeError(fileName);
    const name = Buffer.from(fileName, 'utf8');
    const crc = zlib.crc32(raw) >>> 0;
    const entry: CentralEntry = { name, flags: FLAG_UTF8, crc, compressed: packed.length, size: raw.length, offset: this.offset };
    await this.put(this.localHeader(name, entry.flags, crc, packed.length, raw.length));
    await this.put(packed);
    this.entries.push(entry);
  }

  /**
   * An entry of unknown length: returns its writer. `write()` resolves once the data may be given
   * more (backpressure of both zlib and the output), `end()` once the data descriptor is written.
   */
  async openEntry(fileName: string): Promise<ZipEntryWriter> {
    if (this.open) throw new Error('zip: an entry is still open');
    const name = Buffer.from(fileName, 'utf8');
    const entry: CentralEntry = { name, flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.put(this.localHeader(name, entry.flags, 0, 0, 0));
    // a roomy input buffer lets the next chunk of XML be built while zlib (off the main thread) works
    const deflate = zlib.createDeflateRaw({ level: this.level, chunkSize: 64 * 1024, writableHighWaterMark: 1 << 20 } as zlib.ZlibOptions);
    this.open = deflate;
    let failure: Error | null = null;
    deflate.on('error', (err) => (failure ??= err));
    deflate.on('data', (chunk: Buffer) => {
      if (failure) return;
      entry.compressed += chunk.length;
      try {
        this.advance(chunk.length);
      } catch (err) {
        deflate.destroy(err as Error);
        return;
      }
      if (this.out.destroyed) {
        deflate.destroy(new OutputClosedError());
        return;
      }
      if (!this.out.write(chunk)) {
        // pause zlib's output until the client has taken ours
        deflate.pause();
        drained(this.out).then(
          () => deflate.resume(),
          (err: Error) => deflate.destroy(err),
        );
      }
    });
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('close', () => reject(failure ?? new OutputClosedError()));
    });
    ended.catch(() => {}); // observed in end()

    return {
      write: async (data: Buffer) => {
        if (failure) throw failure;
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size >= LIMIT) {
          deflate.destroy();
          throw new ZipTooLargeError(fileName);
        }
        if (!deflate.write(data)) await drained(deflate).catch((err) => Promise.reject(failure ?? err));
      },
      end: async () => {
        if (failure) throw failure;
        deflate.end();
        await ended;
        this.open = null;
        entry.crc >>>= 0;
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(entry.crc, 4);
        d.writeUInt32LE(entry.compressed, 8);
        d.writeUInt32LE(entry.size, 12);
        await this.put(d);
        this.entries.push(entry);
      },
      abort: () => {
        this.open = null;
        deflate.destroy();
      },
    };
  }

  /** Writes the central directory and its end record. */
  async finish() {
    if (this.open) throw new Error('zip: an entry is still open');
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, 2.0
      h.writeUInt16LE(VERSION, 6);
      h.writeUInt16LE(e.flags, 8);
      h.writeUInt16LE(METHOD_DEFLATE, 10);
      h.writeUInt16LE(this.stamp.time, 12);
      h.writeUInt16LE(this.stamp.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra length, comment length, disk number, internal and external attributes: 0
      h.writeUInt32LE(e.offset, 42);
      parts.push(h, e.name);
    }
    const directory = Buffer.concat(parts);
    if (start + directory.length + 22 >= LIMIT) throw new ZipTooLargeError('the archive');
    if (this.entries.length > 0xffff) throw new ZipTooLargeError('the entry count');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.put(Buffer.concat([directory, end]));
    this.finished = true;
  }
}

export interface ZipEntryWriter {
  write(data: Buffer): Promise<void>;
  end(): Promise<void>;
  /** Drops the entry (on failure); the archive is then unusable. */
  abort(): void;
}
