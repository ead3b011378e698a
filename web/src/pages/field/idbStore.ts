/**
 * The outbox's storage on the phone: one IndexedDB object store keyed by clientId, the photos' blobs
 * inside the records (IndexedDB keeps blobs). Thin on purpose: the queue's rules are in queue.ts and
 * tested there over the memory store.
 */
import { memoryStore, type QueuedRecord, type QueueStore } from './queue';

const DB = 'sbs-field';
const STORE = 'outbox';

function opened(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'clientId' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('无法打开手机上的存储'));
    req.onblocked = () => reject(new Error('手机上的存储被另一个页面占用，请关闭其他页面后重试'));
  });
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = work(tx.objectStore(STORE));
    // resolve once the write is committed, not when the request succeeds
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? req.error ?? new Error('手机上的存储出错'));
    tx.onabort = () => reject(tx.error ?? new Error('手机上的存储写入被中止（空间可能不足）'));
  });
}

/** The IndexedDB store, or one in memory where the browser has none (a private window of an old Safari). */
export function phoneStore(): QueueStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  let db: Promise<IDBDatabase> | null = null;
  const get = () =>
    (db ??= opened().catch((err: unknown) => {
      db = null;
      throw err;
    }));
  return {
    all: async () => run(await get(), 'readonly', (s) => s.getAll() as IDBRequest<QueuedRecord[]>),
    put: async (r) => {
      await run(await get(), 'readwrite', (s) => s.put(r));
    },
    remove: async (id) => {
      await run(await get(), 'readwrite', (s) => s.delete(id));
    },
  };
}
