import type Stripe from "stripe";
import type { SessionIdentity } from "../auth/session-store";
import type { KeyedQueue } from "../billing/keyed-queue";
import type { PriceDirectory } from "../billing/price-directory";
import type { SettleOnRead } from "../billing/settle-checkout";
import type { BackendConfig } from "../config";
import type { BackendDb } from "../db/connection";

/** Hono context typing: routes under /api read the caller set by requireSession. */
export interface AppEnv {
  Variables: { identity: SessionIdentity; requestId: string };
}

/** What every route module is built from. */
export interface RouteDeps {
  db: BackendDb;
  config: BackendConfig;
}

/** What the routes that call Stripe are built from, on top. */
export interface BillingDeps extends RouteDeps {
  stripe: Stripe;
  prices: PriceDirectory;
  /** One at a time per key: a space's purchases (its id), a Stripe subscription's events (`sub_…`). */
  serial: KeyedQueue;
  /** A space's paid, unapplied purchase applied when its billing is read. */
  settleOnRead: SettleOnRead;
}
