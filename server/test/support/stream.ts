/**
 * A stream of open-API batches of new bike ids for the tests that kill a server in the middle of
 * one: several senders, each posting batch after batch until stopped, recording what was
 * acknowledged (issue 16's durability test, issue 31's two nodes).
 */

/** Posts one batch of bike ids; answers whether every one was accepted (throws when the connection failed). */
export type SendBatch = (ids: string[]) => Promise<boolean>;

export interface BikeStream {
  /** Items posted, retries included. */
  readonly sent: () => number;
  /** Ids whose batch was answered accepted, in answer order. */
  readonly acknowledged: string[];
  /** Batches sent again after an error or a refusal (`retry` only), and their items. */
  readonly retried: { batches: number; items: number };
  /** Stops the senders after their batch in flight (with `retry`, once it is acknowledged). */
  stop(): Promise<void>;
}

/**
 * `senders` senders post batches of `size` new ids (`${prefix}${sender}-${batch}-${i}`) through
 * `send` until stopped. Without `retry`, a sender ends at its first failed connection (the server is
 * gone). With `retry`, a batch not acknowledged (a failed connection, a 502 from the proxy) is sent
 * again, the same ids, every `retryMs`, until it is: the open API answers a repeat as accepted
 * without storing it twice.
 */
export function streamBikes(send: SendBatch, opts: { senders: number; size: number; prefix: string; retry: boolean; retryMs?: number }): BikeStream {
  const acknowledged: string[] = [];
  const retried = { batches: 0, items: 0 };
  let sent = 0;
  let stopping = false;
  const sender = async (n: number) => {
    for (let b = 0; !stopping; b++) {
      const ids = Array.from({ length: opts.size }, (_, i) => `${opts.prefix}${n}-${b}-${i}`);
      for (let attempt = 0; ; attempt++) {
        if (attempt > 0) {
          retried.batches++;
          retried.items += ids.length;
          await new Promise((r) => setTimeout(r, opts.retryMs ?? 100));
        }
        sent += ids.length;
        let ok = false;
        try {
          ok = await send(ids);
        } catch (e) {
          if (!opts.retry) return;
          if (attempt >= 100) throw e;
        }
        if (ok) acknowledged.push(...ids);
        if (ok || !opts.retry) break;
        if (attempt >= 100) throw new Error(`batch ${opts.prefix}${n}-${b} not acknowledged after ${attempt + 1} attempts`);
      }
    }
  };
  const running = Array.from({ length: opts.senders }, (_, n) => sender(n));
  return {
    sent: () => sent,
    acknowledged,
    retried,
    stop: async () => {
      stopping = true;
      await Promise.all(running);
    },
  };
}
