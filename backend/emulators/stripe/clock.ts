/**
 * The local Stripe's "now", in unix seconds: real time, moved forward by
 * what `POST /__clock/advance` added (not Stripe's: its test clocks are per
 * customer), so tests and the dev stack can reach a period's end. While a
 * past period end is being caught up with, the clock reads that instant, so
 * what is made then is dated as Stripe would date it.
 */
export class Clock {
  private pinned: number | null = null;

  constructor(private offset = 0) {}

  now() {
    return this.pinned ?? Math.floor(Date.now() / 1000) + this.offset;
  }

  /** The same, in ms: what times the webhooks' retries. */
  nowMs() {
    return this.pinned === null ? Date.now() + this.offset * 1000 : this.pinned * 1000;
  }

  /** How far ahead of real time it is, in seconds: what a saved state keeps. */
  get offsetSeconds() {
    return this.offset;
  }

  advance(seconds: number) {
    this.offset += seconds;
  }

  /** Runs `work` with the clock reading `time`. */
  at<T>(time: number, work: () => T): T {
    const before = this.pinned;
    this.pinned = time;
    try {
      return work();
    } finally {
      this.pinned = before;
    }
  }
}
