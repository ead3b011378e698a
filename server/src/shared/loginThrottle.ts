/**
 * Login back-off per account (issue 16): the first FREE_FAILURES failures cost nothing; after
 * that each failure makes the next attempt wait 1, 2, 4 … seconds, at most MAX_DELAY_S. Attempts
 * made while waiting are refused before the password is checked and do not move the wait, so a
 * stranger can slow guessing on an account but never lock its owner out for longer than
 * MAX_DELAY_S. Console accounts keep their count in the database (users.failed_logins,
 * locked_until: every process sees it); unknown usernames and open-API accounts use Backoff below,
 * so that an unknown name answers exactly like a known one.
 */
export const FREE_FAILURES = 5;
export const MAX_DELAY_S = 60;

/** Seconds to wait after the `failures`-th failure in a row (0: no wait). */
function backoffSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - FREE_FAILURES));
}

/** The answer to an attempt made while the account waits. */
export const waitMessage = (seconds: number) => `登录失败次数过多，请 ${Math.max(1, Math.ceil(seconds))} 秒后再试`;

/**
 * The same back-off in this process's memory, keyed by name. `attempt()` is synchronous: it
 * decides and counts in one step, so parallel requests cannot read a stale count.
 */
export class Backoff {
  private readonly entries = new Map<string, { failures: number; until: number; touched: number }>();

  /**
   * Counts an attempt on `key` and answers the seconds left to wait (refuse the attempt), or 0:
   * go on and check the password, then call succeeded() or leave the failure counted.
   */
  attempt(key: string, now = Date.now()): number {
    const e = this.entries.get(key) ?? { failures: 0, until: 0, touched: now };
    e.failures++;
    e.touched = now;
    this.entries.set(key, e);
    if (e.until > now) return (e.until - now) / 1000;
    e.until = now + backoffSeconds(e.failures) * 1000;
    if (this.entries.size > 50_000) this.sweep(now);
    return 0;
  }

  succeeded(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number) {
    // a name quiet for an hour starts afresh
    for (const [k, e] of this.entries) if (e.touched < now - 3_600_000) this.entries.delete(k);
  }
}
