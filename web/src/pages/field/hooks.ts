/** The field screens' data: what is near (kept on the phone for a street without network), my history, and sending a record. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/store';
import { outbox } from './outbox';
import type { Photo } from './PhotoPicker';
import type { RecordKind, SendOutcome } from './queue';
import { fetchHistory, fetchNearby, type Position } from './service';
import type { Nearby } from './types';

const NEARBY_KEY = 'sbs-field-nearby';
/** The last answer of nearby per user, in memory and on the phone (localStorage). */
const lastNearby = new Map<string, Nearby>();

/** The last answer kept: offline the clock sites, sites and brands are still there to pick. */
function keptNearby(userId: string): Nearby | undefined {
  if (!lastNearby.has(userId)) {
    try {
      const raw = localStorage.getItem(`${NEARBY_KEY}:${userId}`);
      if (raw) lastNearby.set(userId, JSON.parse(raw) as Nearby);
    } catch {
      // nothing kept
    }
  }
  return lastNearby.get(userId);
}

function keepNearby(userId: string, data: Nearby) {
  lastNearby.set(userId, data);
  try {
    localStorage.setItem(`${NEARBY_KEY}:${userId}`, JSON.stringify(data));
  } catch {
    // a full storage keeps the older copy
  }
}

/**
 * Nearby for a position (rounded to ~10 m so a trembling fix does not ask again), or for none (the
 * area's). `data` is the answer for this position, else the last one kept (`fresh` false: offline,
 * or still asking), so the screens work without network.
 */
export function useNearby(position: Position | null | undefined) {
  const userId = String(useSession((s) => s.user?.id ?? ''));
  const at = position ? { lon: Math.round(position.lon * 1e4) / 1e4, lat: Math.round(position.lat * 1e4) / 1e4 } : null;
  const q = useQuery({
    queryKey: ['field', 'nearby', userId, at?.lon, at?.lat],
    queryFn: async () => {
      const data = await fetchNearby(at);
      keepNearby(userId, data);
      return data;
    },
    staleTime: 60_000,
    retry: false,
  });
  const data = q.data ?? keptNearby(userId);
  return { data, fresh: !!q.data && !q.isError, isPending: q.isPending && !data, isError: q.isError };
}

export function useHistory() {
  return useQuery({ queryKey: ['field', 'history'], queryFn: fetchHistory, placeholderData: keepPreviousData, retry: false });
}

export type Sending = { phase: 'idle' } | { phase: 'sending' } | { phase: 'done'; outcome: SendOutcome } | { phase: 'error'; message: string };

/**
 * Sending a record: it is kept on the phone first (the outbox), then sent at once; the outcome says
 * whether the server took it (its answer), refused it (its message; kept as 发送失败) or whether it
 * waits for the network.
 */
export function useSendRecord() {
  const qc = useQueryClient();
  const userId = useSession((s) => s.user?.id);
  const [state, setState] = useState<Sending>({ phase: 'idle' });
  const send = async (kind: RecordKind, body: Record<string, unknown>, photos: Photo[], title: string) => {
    if (userId === undefined) return;
    setState({ phase: 'sending' });
    let clientId: string;
    try {
      const r = await outbox().add({ kind, userId, body, photos: photos.map((p) => ({ name: p.name, blob: p.blob })), title });
      clientId = r.clientId;
    } catch (err) {
      setState({ phase: 'error', message: `无法保存到手机：${err instanceof Error ? err.message : String(err)}，请重试` });
      return;
    }
    const outcome = await outbox().send(clientId);
    setState({ phase: 'done', outcome });
    if (outcome.status === 'sent') void qc.invalidateQueries({ queryKey: ['field'] });
  };
  return { state, send, reset: () => setState({ phase: 'idle' }) };
}
