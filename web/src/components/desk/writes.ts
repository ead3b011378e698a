/**
 * Writes outside a CrudTab (a tree's detail, a map editor, a month's 执行考核): the kit's `run` for a
 * screen of its own. A call runs, its success is toasted, the screen's queries load again; on failure
 * the server's message (tellFailure), and the caller learns it failed. So no screen writes try/catch →
 * tellFailure → invalidateQueries by hand.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '../../app/feedback';
import { tellFailure } from './crud';

interface Writes {
  /**
   * run a write: on success `success` is toasted (a text, or one made from the call's answer), then
   * the keys load again and it resolves true; on failure the server's message, false
   */
  run: <T>(call: () => Promise<T>, success?: string | ((answer: T) => string)) => Promise<boolean>;
  /**
   * a dialog's save (FormDialog toasts and tells failures itself): the call, then the keys load
   * again; a failure rejects, so the dialog stays open with the server's message
   */
  submit: (call: () => Promise<unknown>) => Promise<void>;
  /** the keys load again */
  refresh: () => Promise<unknown>;
  /** a `run` is on its way (a button's loading) */
  busy: boolean;
}

/** The writes of a screen whose queries sit under `keys` (each a query key prefix: ['regional', 'areas'], ['rate']). */
export function useWrites(...keys: QueryKey[]): Writes {
  const client = useQueryClient();
  const [running, setRunning] = useState(0);
  // the keys as one value, so a screen may pass fresh arrays each render
  const joined = JSON.stringify(keys);
  const refresh = useCallback(
    () => Promise.all((JSON.parse(joined) as QueryKey[]).map((queryKey) => client.invalidateQueries({ queryKey }))),
    [client, joined],
  );
  const run = useCallback(
    async <T>(call: () => Promise<T>, success?: string | ((answer: T) => string)) => {
      setRunning((n) => n + 1);
      try {
        let answer: T;
        try {
          answer = await call();
        } catch (err) {
          tellFailure(err);
          return false;
        }
        if (success) void toast().success(typeof success === 'function' ? success(answer) : success);
        await refresh();
        return true;
      } finally {
        setRunning((n) => n - 1);
      }
    },
    [refresh],
  );
  const submit = useCallback(
    async (call: () => Promise<unknown>) => {
      await call();
      await refresh();
    },
    [refresh],
  );
  return useMemo(() => ({ run, submit, refresh, busy: running > 0 }), [run, submit, refresh, running]);
}
