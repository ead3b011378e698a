/**
 * Whether history is being loaded (the demo city's back-fill) and how far it has come. While it
 * loads, "today" on the big screen is the moment the replay has reached, not now: GET /api/health
 * says so (its `history`), and the console says it in words until the load is done.
 */
import { formatTime } from '../domain/time.js';

export interface HistoryProgress {
  /** true from the decision to back-fill until the replay has ended (or stopped) */
  loading: boolean;
  /** first and last moment of the history being loaded (null while it is being prepared) */
  from: string | null;
  to: string | null;
  /** up to which time the data has arrived (null while it is being prepared) */
  reached: string | null;
  /** share of the span loaded, 0-100 (null while it is being prepared) */
  percent: number | null;
}

export class HistoryLoad {
  private loading = false;
  private span: { from: number; to: number } | null = null;
  private at: number | null = null;

  /** The back-fill is decided: the fleet is filed first, then the span is known. */
  begin(): void {
    this.loading = true;
    this.span = null;
    this.at = null;
  }

  /** Data up to `reached` has arrived, of the span from..to. */
  reach(from: number, to: number, reached: number): void {
    this.span = { from, to };
    this.at = Math.min(Math.max(reached, from), to);
  }

  /** The load ended (finished, stopped or failed): the figures are those of now again. */
  end(): void {
    this.loading = false;
    this.span = null;
    this.at = null;
  }

  progress(tz: string): HistoryProgress {
    if (!this.loading || !this.span || this.at === null) return { loading: this.loading, from: null, to: null, reached: null, percent: null };
    const { from, to } = this.span;
    const percent = to > from ? Math.floor(((this.at - from) / (to - from)) * 100) : 100;
    return { loading: true, from: formatTime(from, tz), to: formatTime(to, tz), reached: formatTime(this.at, tz), percent };
  }
}
