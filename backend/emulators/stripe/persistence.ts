import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Event } from "./objects";
import type { StateSnapshot } from "./state";
import type { PendingDelivery } from "./webhooks";

/** The first answer given under an idempotency key, replayed for the same key. */
export interface Replay {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** The shape of the saved state: 2 since objects are kept as the SDK types them (invoice payments apart). */
export const SAVED_STATE_VERSION = 2;

/** The file `statePath` names: the whole local Stripe, with the webhook deliveries waiting for a retry. */
export interface SavedStripe {
  version: typeof SAVED_STATE_VERSION;
  clockOffsetSeconds: number;
  state: StateSnapshot;
  events: Event[];
  replays: Array<[string, Replay]>;
  /** Absent in states saved before issue 33 (nothing was waiting then). */
  deliveries?: PendingDelivery[];
}

/** The state saved at `path`, or null when there is no such file. */
export function readSavedStripe(path: string): SavedStripe | null {
  if (!existsSync(path)) return null;
  const saved = JSON.parse(readFileSync(path, "utf8")) as SavedStripe;
  if (saved.version !== SAVED_STATE_VERSION) {
    throw new Error(
      `${path} is not a state saved by this version of the local Stripe: delete it, or run \`npm run seed\` (which deletes it with the database).`,
    );
  }
  return saved;
}

/**
 * Writes a temporary file and renames it over the old one, so a crash never leaves half a state behind. It holds
 * customers' addresses: only its owner reads it (0600).
 */
export function writeSavedStripe(path: string, saved: SavedStripe) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(saved), { mode: 0o600 });
  renameSync(temporary, path);
}
