/**
 * Deterministic pseudo-random numbers for the seed, so every fresh database
 * (and every test run) holds the same "realistic" figures.
 */
export type Random = () => number;

/** FNV-1a: turns a label such as "user:workspace" into a 32-bit seed. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for demo data. Returns numbers in [0, 1). */
export function seededRandom(label: string): Random {
  let state = hashLabel(label);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
