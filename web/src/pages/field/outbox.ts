/**
 * The phone's one outbox (queue.ts over IndexedDB and the request layer), its records as a store
 * for the screens, and the sender that runs while the field app is open: at start, when the browser
 * says it is online again, and every 30 s while records wait.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { toast } from '../../app/feedback';
import { phoneStore } from './idbStore';
import { KIND_NAMES, Outbox, type QueuedRecord, type QueueStore, type SendOutcome, type Transport } from './queue';
import { fieldTransport } from './service';

const RETRY_MS = 30_000;

/** The stored records (all users'; the screens show the signed-in user's) and whether they were read yet. */
export const useOutbox = create<{ records: QueuedRecord[]; loaded: boolean }>(() => ({ records: [], loaded: false }));

let box: Outbox | null = null;

/** The outbox (made on first use; tests give their own store and transport). */
export function outbox(store?: QueueStore, transport?: Transport): Outbox {
  if (!box || store || transport) {
    box = new Outbox({
      store: store ?? phoneStore(),
      transport: transport ?? fieldTransport,
      onChange: (records) => useOutbox.setState({ records, loaded: true }),
    });
  }
  return box;
}

/** The signed-in user's records. */
export function useMyRecords(userId: number | string | undefined): QueuedRecord[] {
  const records = useOutbox((s) => s.records);
  return records.filter((r) => String(r.userId) === String(userId));
}

/** What a background send tells the user: records sent, and each refusal with the server's reason. */
function tell(outcomes: SendOutcome[], records: QueuedRecord[]) {
  const sent = outcomes.filter((o) => o.status === 'sent').length;
  if (sent) toast().success(`已发送 ${sent} 条保存在手机上的记录`);
  for (const o of outcomes) {
    if (o.status !== 'failed') continue;
    const r = records.find((x) => x.clientId === o.clientId);
    toast().error(`${r ? KIND_NAMES[r.kind] : '记录'}发送失败：${o.message}`, 6);
  }
}

/** Sends the user's waiting records while mounted (the field app's frame). */
export function useOutboxSender(userId: number | string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    let alive = true;
    const q = outbox();
    const flush = async () => {
      const before = await q.list();
      if (!alive) return;
      useOutbox.setState({ records: before, loaded: true });
      if (!before.some((r) => r.state === 'waiting' && String(r.userId) === String(userId))) return;
      const outcomes = await q.flush(userId);
      if (!alive) return;
      tell(outcomes, before);
      if (outcomes.some((o) => o.status === 'sent')) void qc.invalidateQueries({ queryKey: ['field'] });
    };
    const run = () => void flush().catch(() => undefined);
    // ask the browser to keep the outbox when the phone runs short of space (granted silently or not at all)
    void navigator.storage?.persist?.().catch(() => false);
    run();
    window.addEventListener('online', run);
    const timer = setInterval(run, RETRY_MS);
    return () => {
      alive = false;
      window.removeEventListener('online', run);
      clearInterval(timer);
    };
  }, [userId, qc]);
}
