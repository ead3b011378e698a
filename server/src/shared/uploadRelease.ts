/**
 * Letting go of uploads an owner no longer holds (a replaced or removed ID card photo): the row in
 * the owner's write, the file after it. Beside shared/uploads.ts, which stores and serves them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { isFileName, uploadDir, type Purpose } from './uploads.js';

/**
 * Forgets the files of one owner and purpose that it no longer holds (a replaced or removed ID card
 * photo), in the owner's write (`w`): their rows go, so GET /uploads/{file} answers 404 at once and
 * nobody can attach them again. Answers their stored names, for removeFiles once the write is done.
 */
export async function releaseUploads(w: Pick<Database, 'query'>, purpose: Purpose, ownerId: number, keep: string[]): Promise<string[]> {
  const rows = await w.query<{ file: string }>('delete from uploads where purpose = $1 and owner_id = $2 and not (file = any($3::varchar[])) returning file', [
    purpose,
    ownerId,
    keep,
  ]);
  return rows.map((r) => r.file);
}

/** Deletes released files from DATA_DIR/uploads (best effort: a file already gone is fine; the row is gone, so none is served). */
export async function removeFiles(dataDir: string, files: string[]) {
  const dir = uploadDir(dataDir);
  await Promise.all(files.filter(isFileName).map((f) => fs.promises.rm(path.join(dir, f), { force: true }).catch(() => {})));
}
