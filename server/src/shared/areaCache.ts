/** The area tree cached in memory; rebuilt after writes here and at most every 60 s (other processes). */
import type { Database } from '../db/client.js';
import { AreaTree, type AreaNode } from '../domain/areas.js';

const MAX_AGE_MS = 60_000;

export class AreaCache {
  private current: AreaTree = new AreaTree([]);
  private loadedAt = 0;
  private loading: Promise<AreaTree> | null = null;

  constructor(private readonly database: Database) {}

  private load(): Promise<AreaTree> {
    return this.database.query<AreaNode>(`select id, parent_id as "parentId", area_name as "areaName", level from areas`).then((rows) => {
      this.current = new AreaTree(rows);
      this.loadedAt = Date.now();
      return this.current;
    });
  }

  async reload(): Promise<AreaTree> {
    // inside a write's unit of work (the audit log's transaction) read on that transaction: a load
    // started by another request may be queued behind it (PGlite has one lock), and waiting for that
    // one would wait for ever; it also sees the write's own changes
    if (this.database.inUnit?.()) return this.load();
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** The tree; reloads first if never loaded, in the background when merely old. */
  async tree(): Promise<AreaTree> {
    if (this.loadedAt === 0) return this.reload();
    if (Date.now() - this.loadedAt > MAX_AGE_MS) void this.reload().catch(() => {});
    return this.current;
  }
}
