import type Stripe from "stripe";
import { findPaymentPlan, PAYMENT_PLANS, type PaymentPlan } from "../domain/payment-plans";
import { HttpError } from "../http/errors";
import { callStripe } from "./stripe-client";
import { requestLog } from "../observability";

/** Prices rarely change: their ids are looked up again after this long. */
const CACHE_MS = 10 * 60_000;
/** Stripe takes at most 10 lookup keys per list call. */
const LOOKUP_KEYS_PER_CALL = 10;

interface Directory {
  loadedAt: number;
  priceIdByPlan: Map<string, string>;
  planByPriceId: Map<string, PaymentPlan>;
}

/**
 * The Stripe price of each catalog plan, found by `lookup_key` (the plan's
 * id) in whichever Stripe account the backend talks to, and kept for a
 * while. Concurrent callers share one lookup.
 */
export class PriceDirectory {
  private directory: Directory | null = null;
  private loading: Promise<Directory> | null = null;

  constructor(
    private readonly stripe: Stripe,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The plans Stripe has a price for, with that price's id. */
  async pricedPlans(): Promise<Array<PaymentPlan & { stripePriceId: string }>> {
    const { priceIdByPlan } = await this.load();
    return PAYMENT_PLANS.flatMap((plan) => {
      const stripePriceId = priceIdByPlan.get(plan.paymentPlanId);
      return stripePriceId ? [{ ...plan, stripePriceId }] : [];
    });
  }

  /** The Stripe price id of a catalog plan; a plan Stripe lacks is a misconfigured account (502). */
  async priceIdOf(paymentPlanId: string): Promise<string> {
    const priceId = (await this.load()).priceIdByPlan.get(paymentPlanId);
    if (priceId) return priceId;
    requestLog().error(`Stripe has no active price with the lookup key ${paymentPlanId}`);
    throw new HttpError(502, "stripe_error");
  }

  /** The catalog plan a Stripe price id stands for, if any. */
  async planOfPrice(priceId: string): Promise<PaymentPlan | undefined> {
    return (await this.load()).planByPriceId.get(priceId);
  }

  private async load(): Promise<Directory> {
    if (this.directory && this.clock() - this.directory.loadedAt < CACHE_MS) return this.directory;
    this.loading ??= this.fetch().finally(() => {
      this.loading = null;
    });
    this.directory = await this.loading;
    return this.directory;
  }

  private async fetch(): Promise<Directory> {
    const keys = PAYMENT_PLANS.map((plan) => plan.paymentPlanId);
    const chunks = Array.from({ length: Math.ceil(keys.length / LOOKUP_KEYS_PER_CALL) }, (_, index) =>
      keys.slice(index * LOOKUP_KEYS_PER_CALL, (index + 1) * LOOKUP_KEYS_PER_CALL),
    );
    const lists = await Promise.all(
      chunks.map((lookupKeys) =>
        callStripe(() => this.stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: 100 })),
      ),
    );
    const priceIdByPlan = new Map<string, string>();
    const planByPriceId = new Map<string, PaymentPlan>();
    for (const price of lists.flatMap((list) => list.data)) {
      const plan = findPaymentPlan(price.lookup_key ?? "");
      if (!plan) continue;
      priceIdByPlan.set(plan.paymentPlanId, price.id);
      planByPriceId.set(price.id, plan);
    }
    return { loadedAt: this.clock(), priceIdByPlan, planByPriceId };
  }
}
