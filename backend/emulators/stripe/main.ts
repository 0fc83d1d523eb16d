import { stripeDemoAccount } from "../../src/db/seed/stripe-account";
import { closeOnSignals } from "../listen";
import { startStripeEmulator } from "./server";

const emulator = await startStripeEmulator({
  port: Number(process.env.STRIPE_PORT ?? 12111),
  hostname: process.env.STRIPE_HOST || undefined,
  publicUrl: process.env.STRIPE_PUBLIC_URL || undefined,
  webhook: process.env.STRIPE_WEBHOOK_URL
    ? { url: process.env.STRIPE_WEBHOOK_URL, secret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_local" }
    : null,
  statePath: process.env.STRIPE_STATE_PATH || undefined,
  // The demo personas' customers and subscriptions, as the backend seeds them (used when no state was loaded).
  seed: stripeDemoAccount(Date.now()),
});
console.log(`Local Stripe listening on ${emulator.hostname}:${emulator.port}, hosted pages at ${emulator.publicUrl}`);

closeOnSignals(emulator.close);
