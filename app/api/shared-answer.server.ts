/**
 * One backend answer shared by every request for `ttlMs`, for data that is
 * the same for everyone who asks (the sidebar's promotions): the shell asks
 * on every page, and a call less per page is CPU the render keeps (issue 9).
 * The request that finds none loads it (with what it passes, e.g. its own
 * token); requests arriving meanwhile share that call. A failure is not
 * kept, so the next request asks again.
 */
export function sharedAnswer<T, Caller>(
  ttlMs: number,
  load: (caller: Caller) => Promise<T>,
  now: () => number = Date.now,
) {
  let kept: { value: T; until: number } | null = null;
  let pending: Promise<T> | null = null;
  return function answer(caller: Caller): Promise<T> {
    if (kept && now() < kept.until) return Promise.resolve(kept.value);
    pending ??= load(caller).then(
      (value) => {
        kept = { value, until: now() + ttlMs };
        pending = null;
        return value;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
}
