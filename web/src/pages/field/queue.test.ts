import { describe, expect, it, vi } from 'vitest';
import { bodyOf, LATE_MS, localTime, memoryStore, Outbox, Refused, UPLOAD_TTL_MS, type QueuedRecord, type RecordKind, type Transport } from './queue';

/** A server that stores each clientId once, answering a repeat with the first record; the network can be cut. */
function fakeServer() {
  const stored = new Map<string, { id: number; body: Record<string, unknown> }>();
  const uploads: string[] = [];
  let online = true;
  let refuse: string | null = null;
  const down = () => {
    if (!online) throw new TypeError('Failed to fetch');
  };
  const transport: Transport = {
    upload: vi.fn((blob: Blob, name: string, kind: RecordKind) => {
      down();
      const file = `${kind}-${uploads.length + 1}-${name}`;
      uploads.push(file);
      return Promise.resolve(file);
    }),
    post: vi.fn((kind: RecordKind, body: Record<string, unknown>) => {
      down();
      if (refuse) throw new Refused(refuse);
      const id = body.clientId as string;
      const first = stored.get(id);
      if (first) return Promise.resolve({ data: { id: first.id, repeated: true }, message: '已提交过' });
      const row = { id: stored.size + 1, body: { ...body, kind } };
      stored.set(id, row);
      return Promise.resolve({ data: { id: row.id, repeated: false }, message: '提交成功' });
    }),
  };
  return {
    transport,
    stored,
    uploads,
    setOnline: (v: boolean) => void (online = v),
    setRefuse: (m: string | null) => void (refuse = m),
  };
}

const photo = (name = 'a.jpg') => ({ name, blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }) });
const patrol = (userId: number | string = 7) => ({
  kind: 'patrol' as const,
  userId,
  body: { bikeId: 'B100', result: 2, lon: 116.3, lat: 39.9 },
  photos: [photo('a.jpg'), photo('b.jpg')],
  title: '巡检 · B100',
});

function setUp(now = { t: Date.parse('2026-05-10T08:00:00') }) {
  const server = fakeServer();
  const store = memoryStore();
  let n = 0;
  const changes: QueuedRecord[][] = [];
  const box = new Outbox({ store, transport: server.transport, newId: () => `client-${++n}`, now: () => now.t, onChange: (r) => changes.push(r) });
  return { server, store, box, now, changes };
}

describe('the outbox', () => {
  it('keeps a record made offline, with its photos, and sends nothing', async () => {
    const { server, store, box } = setUp();
    server.setOnline(false);
    const r = await box.add(patrol());
    // kept before any call
    expect((await store.all()).map((x) => x.clientId)).toEqual([r.clientId]);
    expect(server.transport.upload).not.toHaveBeenCalled();
    const out = await box.send(r.clientId);
    expect(out).toMatchObject({ status: 'waiting', message: 'Failed to fetch' });
    const [kept] = await box.list();
    expect(kept).toMatchObject({ clientId: 'client-1', state: 'waiting', tries: 1, error: 'Failed to fetch', title: '巡检 · B100' });
    expect(kept.photos.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(kept.photos[0].blob.size).toBe(10);
    expect(server.stored.size).toBe(0);
  });

  it('sends it once the network is back: photos uploaded, then the record with its clientId; then forgets it', async () => {
    const { server, box, now } = setUp();
    server.setOnline(false);
    const r = await box.add(patrol());
    await box.flush(7);
    now.t += 10 * 60_000;
    server.setOnline(true);
    const out = await box.flush(7);
    expect(out).toEqual([{ clientId: r.clientId, status: 'sent', data: { id: 1, repeated: false }, message: '提交成功', repeated: false }]);
    expect(await box.list()).toEqual([]);
    expect(server.stored.size).toBe(1);
    const body = server.stored.get(r.clientId)!.body;
    expect(body).toMatchObject({ clientId: 'client-1', bikeId: 'B100', result: 2, photos: ['patrol-1-a.jpg', 'patrol-2-b.jpg'] });
    // sent ten minutes late: it says when it was made
    expect(body.at).toBe('2026-05-10 08:00:00');
  });

  it('does not upload a photo again when only the record failed to go', async () => {
    const { server, box } = setUp();
    const r = await box.add(patrol());
    // the uploads pass, the post fails (network lost between)
    vi.mocked(server.transport.post).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await box.send(r.clientId)).status).toBe('waiting');
    expect(server.uploads).toHaveLength(2);
    expect((await box.list())[0].photos.map((p) => p.file)).toEqual(['patrol-1-a.jpg', 'patrol-2-b.jpg']);
    expect((await box.send(r.clientId)).status).toBe('sent');
    expect(server.uploads).toHaveLength(2);
    expect(server.stored.get(r.clientId)!.body.photos).toEqual(['patrol-1-a.jpg', 'patrol-2-b.jpg']);
  });

  it('uploads a photo again when its upload is older than the server keeps unattached files', async () => {
    const { server, box, now } = setUp();
    const r = await box.add(patrol());
    vi.mocked(server.transport.post).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await box.send(r.clientId);
    now.t += UPLOAD_TTL_MS + 1;
    await box.send(r.clientId);
    expect(server.uploads).toHaveLength(4);
    expect(server.stored.get(r.clientId)!.body.photos).toEqual(['patrol-3-a.jpg', 'patrol-4-b.jpg']);
  });

  it('a record sent again (its answer lost on the way) is answered repeated and stored once', async () => {
    const { server, box } = setUp();
    const r = await box.add(patrol());
    const first = await box.send(r.clientId);
    expect(first).toMatchObject({ status: 'sent', repeated: false });
    // the phone did not hear the answer and sends the same record again
    const again = await server.transport.post('patrol', bodyOf({ ...r, photos: [] }, Date.now()));
    expect(again).toEqual({ data: { id: 1, repeated: true }, message: '已提交过' });
    expect(server.stored.size).toBe(1);
  });

  it('the same record sent twice at once is one send', async () => {
    const { server, box } = setUp();
    const r = await box.add(patrol());
    const [a, b] = await Promise.all([box.send(r.clientId), box.flush(7)]);
    expect(a.status).toBe('sent');
    expect(b).toEqual([a]);
    expect(server.transport.post).toHaveBeenCalledTimes(1);
    expect(server.uploads).toHaveLength(2);
  });

  it("keeps a refused record aside as 发送失败 with the server's message, not retried, until deleted", async () => {
    const { server, box } = setUp();
    server.setRefuse('车辆不在本区域，不能巡检');
    const r = await box.add(patrol());
    const out = await box.send(r.clientId);
    expect(out).toEqual({ clientId: r.clientId, status: 'failed', message: '车辆不在本区域，不能巡检' });
    expect(await box.list()).toMatchObject([{ clientId: r.clientId, state: 'failed', error: '车辆不在本区域，不能巡检' }]);
    // a flush leaves it alone
    server.setRefuse(null);
    expect(await box.flush(7)).toEqual([]);
    expect(server.transport.post).toHaveBeenCalledTimes(1);
    await box.remove(r.clientId);
    expect(await box.list()).toEqual([]);
  });

  it('a refused record the user sends again goes when the server takes it', async () => {
    const { server, box } = setUp();
    server.setRefuse('照片不是本人上传的图片');
    const r = await box.add(patrol());
    await box.send(r.clientId);
    server.setRefuse(null);
    expect((await box.send(r.clientId)).status).toBe('sent');
    expect(await box.list()).toEqual([]);
  });

  it("flushes only the signed-in user's records, oldest first, and stops at the first the network does not carry", async () => {
    const { server, box, now } = setUp();
    const a = await box.add(patrol(7));
    now.t += 1000;
    await box.add(patrol(8));
    now.t += 1000;
    const c = await box.add({ ...patrol(7), kind: 'report', body: { text: '乱停放', lon: 116.3, lat: 39.9 } });
    server.setOnline(false);
    expect((await box.flush(7)).map((o) => [o.clientId, o.status])).toEqual([[a.clientId, 'waiting']]);
    server.setOnline(true);
    expect((await box.flush('7')).map((o) => [o.clientId, o.status])).toEqual([
      [a.clientId, 'sent'],
      [c.clientId, 'sent'],
    ]);
    expect((await box.list()).map((r) => r.userId)).toEqual([8]);
  });

  it('tells every change of the stored records', async () => {
    const { box, changes } = setUp();
    const r = await box.add(patrol());
    await box.send(r.clientId);
    expect(changes[0].map((x) => x.clientId)).toEqual([r.clientId]);
    expect(changes.at(-1)).toEqual([]);
  });
});

describe('the body sent', () => {
  const record = (kind: RecordKind, madeAt: number): QueuedRecord => ({
    clientId: 'c-1',
    kind,
    userId: 1,
    body: { clockSiteId: 3, lon: 116.3, lat: 39.9 },
    photos: [{ name: 'a.jpg', blob: new Blob(['x']), file: 'f1.jpg' }],
    madeAt,
    title: '打卡',
    state: 'waiting',
    tries: 0,
  });
  const made = Date.parse('2026-05-10T07:59:30');

  it('takes the server time when sent at once, the phone time of making when sent late', () => {
    expect(bodyOf(record('clock', made), made + 2000)).toEqual({ clockSiteId: 3, lon: 116.3, lat: 39.9, clientId: 'c-1', photos: ['f1.jpg'] });
    expect(bodyOf(record('clock', made), made + LATE_MS)).toMatchObject({ at: '2026-05-10 07:59:30' });
    expect(bodyOf(record('install', made), made + LATE_MS).at).toBe('2026-05-10 07:59:30');
  });

  it('every kind says when it was made when sent late', () => {
    for (const kind of ['clock', 'patrol', 'install', 'siteApply', 'report'] as const) {
      expect(bodyOf(record(kind, made), made + 3600_000).at).toBe('2026-05-10 07:59:30');
      expect(bodyOf(record(kind, made), made + 1000)).not.toHaveProperty('at');
    }
  });

  it('writes local times as yyyy-MM-dd HH:mm:ss', () => {
    expect(localTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('2026-01-02 03:04:05');
  });
});
