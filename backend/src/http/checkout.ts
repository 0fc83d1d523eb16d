import { Hono, type Context } from "hono";
import { z } from "zod";
import { expireOtherSessions, openCheckoutSession, upsertCustomer, vatRateFor } from "../billing/checkout";
import { SESSION_LIFETIME_MS, settleCheckoutSession } from "../billing/settle-checkout";
import type { PriceDirectory } from "../billing/price-directory";
import { callStripe } from "../billing/stripe-client";
import { BILLING_INTERVALS, USER_PLANS, WORKSPACE_PLANS, type Currency } from "../domain/enums";
import { seatPlanFor } from "../domain/payment-plans";
import { quoteChange, quotePurchase, seatTotal, type PricedLine, type Quote } from "../domain/quote";
import { parseRestrictions } from "../domain/restrictions";
import { changeRefusal, purchaseRefusal, type SaleContext, type WantedSeats } from "../domain/sale-rules";
import { couponForSeats, findSeatCoupon } from "../domain/seat-coupons";
import { UNLIMITED_SEATS } from "../domain/seats";
import { currencyForCountry, isEuCountry, taxRateFor } from "../domain/taxes";
import { findBillingCustomer, saveBillingCustomer } from "../store/billing-customers";
import { findCheckoutSession, listCheckoutSessions, recordCheckoutSession } from "../store/checkout-sessions";
import { loadSpaceSeats, type SubscriptionSeats } from "../store/space-seats";
import { emailDomain, type UserRow } from "../store/users";
import { listDomains } from "../store/workspaces";
import type { WorkspacesTable } from "../db/tables/workspaces";
import type { AppEnv, BillingDeps } from "./app-env";
import { requireBillingAccess } from "./billing-access";
import { badRequest, conflict, forbidden, HttpError } from "./errors";
import { requireAppUrl } from "./app-urls";
import { requestIdempotencyKey } from "./idempotency";
import { parseJsonBody, parseQuery } from "./validation";
import { timestamp } from "./views/timestamps";

const SPACE = "/workspace-billing/workspaces/:workspaceId";

const country = z.string().regex(/^[A-Z]{2}$/, "must be two capital letters");
const absoluteUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//, "must be an absolute http(s) URL");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

const infoBody = z.object({
  purchaseType: z.enum(["B2B", "B2C"]),
  country,
  billingInterval: z.enum(BILLING_INTERVALS),
  workspacePlan: z.enum(WORKSPACE_PLANS),
  previewProratedAmounts: z.boolean(),
  // Above 100 seats is the sale rules' `too_many_seats`, not a malformed body.
  seatPlans: z
    .array(z.object({ userPlan: z.enum(USER_PLANS), quantity: z.number().int().min(1) }))
    .min(1)
    .refine(
      (plans) => new Set(plans.map((plan) => plan.userPlan)).size === plans.length,
      "seatPlans: one entry per user plan",
    ),
});

/** 001 §5: the billing information form of a Checkout session (v1 and v2), and where Stripe sends the buyer. */
export const checkoutFormFields = {
  workspaceId: z.string(),
  addressInfo: z.object({
    country,
    state: optionalText(256),
    city: z.string().trim().min(2).max(256),
    postalCode: optionalText(30),
    street: z.string().trim().min(1).max(256),
  }),
  companyName: optionalText(256),
  customerName: z.string().trim().min(1).max(256),
  isB2BTransaction: z.boolean(),
  vatNumber: optionalText(64),
  goBackUrl: absoluteUrl,
  successUrl: absoluteUrl,
  userName: z.string().trim().min(1).max(256),
};

const checkoutForm = z.object(checkoutFormFields);
export type CheckoutForm = z.output<typeof checkoutForm>;

/** 001 §5: a business purchase (EU only) names its company and VAT number, and a name of at most 30 characters. */
export function businessPurchaseRules(body: CheckoutForm, ctx: z.RefinementCtx) {
  // Custom issues' messages are the 400's reason as they are: each names its field.
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message: `${path}: ${message}` });
  if (!body.isB2BTransaction) return;
  if (!isEuCountry(body.addressInfo.country)) issue("isB2BTransaction", "business purchases are for EU countries");
  if (!body.companyName) issue("companyName", "required for a business purchase");
  if (!body.vatNumber || body.vatNumber.length < 2) issue("vatNumber", "required for a business purchase");
  if (body.customerName.length > 30) issue("customerName", "at most 30 characters for a business purchase");
}

const sessionBody = checkoutForm
  .extend({
    stripePlans: z.array(z.object({ stripePriceId: z.string().min(1), quantity: z.number().int().min(1) })).min(1),
  })
  .superRefine(businessPurchaseRules);

const portalQuery = z.object({ returnUrl: absoluteUrl });

/** The refusal reasons of the sale rules are 400s. */
function refuse(reason: string | null) {
  if (reason) throw badRequest(reason);
}

function saleContext(workspace: WorkspacesTable, user: UserRow): SaleContext {
  return {
    isPerSeat: workspace.is_per_seat === 1,
    callerIsPersonal: user.is_personal === 1,
    restrictions: parseRestrictions(workspace.restrictions),
  };
}

/** The wanted seats at their catalog price in one currency (400 `plan_not_sold` for a price that does not exist). */
function pricedLines(wanted: WantedSeats, currency: Currency): PricedLine[] {
  return wanted.seatPlans.map(({ userPlan, quantity }) => {
    const plan = seatPlanFor({ ...wanted, userPlan, currency });
    if (!plan) throw badRequest("plan_not_sold");
    return { paymentPlanId: plan.paymentPlanId, userPlan, quantity, unitAmount: plan.unitAmount };
  });
}

/**
 * The quote of a change to the active subscription: the seat plans not
 * named keep their totals, the subscription's currency and tax rate apply.
 */
function changeQuote(
  active: SubscriptionSeats,
  wanted: WantedSeats,
  context: SaleContext,
  prorate: boolean,
  now: number,
): Quote {
  const { subscription, plans } = active;
  if (plans.some((plan) => plan.totalSeats === UNLIMITED_SEATS)) throw conflict("unlimited_seats");
  const named = new Set(wanted.seatPlans.map((plan) => plan.userPlan));
  const merged: WantedSeats = {
    ...wanted,
    seatPlans: [
      ...wanted.seatPlans,
      ...plans
        .filter((plan) => !named.has(plan.userPlan))
        .map((plan) => ({ userPlan: plan.userPlan, quantity: plan.totalSeats })),
    ],
  };
  refuse(
    changeRefusal(context, merged, {
      workspacePlan: subscription.workspace_plan,
      billingInterval: subscription.billing_interval,
      userPlans: plans.map((plan) => plan.userPlan),
    }),
  );
  const currency = subscription.currency as Currency;
  return quoteChange({
    lines: pricedLines(merged, currency),
    current: {
      lines: plans.map((plan) => ({ ...plan, quantity: plan.totalSeats })),
      couponPercentOff: findSeatCoupon(subscription.coupon_id)?.percentOff ?? 0,
      billingInterval: subscription.billing_interval,
      startTimestamp: subscription.start_timestamp,
      endTimestamp: subscription.end_timestamp,
    },
    currency,
    taxRate: subscription.tax_rate,
    billingInterval: wanted.billingInterval,
    prorate,
    now,
  });
}

/**
 * A Checkout Session's prices as catalog plans: each one the catalog's
 * (400 `unknown_price`), all in one currency (`unknown_price`), the buyer
 * country's (`currency_mismatch`).
 */
export async function catalogLines<Line extends { stripePriceId: string }>(
  prices: PriceDirectory,
  stripePlans: readonly Line[],
  buyerCountry: string,
) {
  const lines = await Promise.all(
    stripePlans.map(async (line) => {
      const plan = await prices.planOfPrice(line.stripePriceId);
      if (!plan) throw badRequest("unknown_price");
      return { ...line, plan };
    }),
  );
  const currency = lines[0]!.plan.currency;
  if (lines.some((line) => line.plan.currency !== currency)) throw badRequest("unknown_price");
  if (currency !== currencyForCountry(buyerCountry)) throw badRequest("currency_mismatch");
  return lines;
}

/**
 * The Checkout Session's prices as catalog plans (catalogLines), of one plan
 * and interval, never a team size (`plan_not_sold`). Answers them and their
 * common plan.
 */
async function purchasedLines(
  prices: PriceDirectory,
  stripePlans: ReadonlyArray<{ stripePriceId: string; quantity: number }>,
  buyerCountry: string,
) {
  const lines = await catalogLines(prices, stripePlans, buyerCountry);
  const plan = lines[0]!.plan;
  const onePlan = lines.every(
    (line) =>
      line.plan.workspacePlan === plan.workspacePlan &&
      line.plan.billingInterval === plan.billingInterval &&
      line.plan.teamSize === null,
  );
  if (!onePlan) throw badRequest("plan_not_sold");
  return { lines, plan };
}

/**
 * A purchase's hosted Checkout (001 §4 Purchase flow): the space's Stripe
 * customer with the buyer's details (and VAT number), the VAT rate of a
 * euro purchase, and the Checkout Session of these lines, with `metadata`
 * added to the session's and the subscription's. Every create passes on the
 * request's Idempotency-Key. Answers the session's id and hosted page.
 */
export async function openPurchase(
  { db, stripe, serial, config }: Pick<BillingDeps, "db" | "stripe" | "serial" | "config">,
  c: Context<AppEnv>,
  purchase: {
    workspace: WorkspacesTable;
    user: UserRow;
    form: CheckoutForm;
    currency: Currency;
    lines: ReadonlyArray<{ stripePriceId: string; quantity: number }>;
    couponId: string | null;
    metadata: Record<string, string>;
  },
) {
  const { workspace, user, form } = purchase;
  // Before anything is asked of Stripe: where it sends the buyer back is the app.
  const successUrl = requireAppUrl(config, "successUrl", form.successUrl);
  const cancelUrl = requireAppUrl(config, "goBackUrl", form.goBackUrl);
  const requestKey = requestIdempotencyKey(c);
  const buyerCountry = form.addressInfo.country;
  const existing = await findBillingCustomer(db, workspace.id);
  const vatNumber = form.isB2BTransaction ? form.vatNumber! : null;
  const customerId = await upsertCustomer(
    stripe,
    existing,
    {
      workspaceId: workspace.id,
      email: user.email,
      name: form.isB2BTransaction ? form.companyName! : form.customerName,
      address: form.addressInfo,
      vatNumber,
    },
    requestKey,
  );
  const vat = taxRateFor(purchase.currency, buyerCountry);
  const taxRateId =
    vat > 0
      ? await vatRateFor(
          stripe,
          existing,
          { workspaceId: workspace.id, country: buyerCountry, percentage: vat },
          requestKey,
        )
      : null;
  await saveBillingCustomer(db, {
    workspaceId: workspace.id,
    stripeCustomerId: customerId,
    country: buyerCountry,
    companyName: form.companyName ?? null,
    vatNumber: vatNumber ?? existing?.vat_number ?? null,
    taxRateId: taxRateId ?? existing?.tax_rate_id ?? null,
    taxRateCountry: taxRateId ? buyerCountry : (existing?.tax_rate_country ?? null),
    now: Date.now(),
  });
  const checkout = {
    workspaceId: workspace.id,
    userId: user.id,
    userName: form.userName,
    customerId,
    lines: purchase.lines,
    couponId: purchase.couponId,
    taxRateId,
    successUrl,
    cancelUrl,
    metadata: purchase.metadata,
  };
  // One purchase per space: the new session expires the space's others, one purchase being opened at a time.
  const session = await serial.run(workspace.id, async () => {
    const others = await listCheckoutSessions(db, workspace.id, Date.now() - SESSION_LIFETIME_MS);
    await expireOtherSessions({ db, stripe, serial }, others);
    const opened = await openCheckoutSession(stripe, checkout, requestKey);
    await recordCheckoutSession(db, { id: opened.stripeCheckoutSessionId, workspaceId: workspace.id, now: Date.now() });
    return opened;
  });
  if (!session.url) throw new HttpError(502, "stripe_error");
  return session;
}

export async function quoteView(quote: Quote, prices: PriceDirectory) {
  const { lines, nextPaymentTimestamp, ...figures } = quote;
  return {
    ...figures,
    nextPaymentTimestamp: timestamp(nextPaymentTimestamp),
    stripePlans: await Promise.all(
      lines.map(async (line) => ({
        stripePriceId: await prices.priceIdOf(line.paymentPlanId),
        paymentPlanId: line.paymentPlanId,
        userPlan: line.userPlan,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
        totalAmount: line.totalAmount,
      })),
    ),
  };
}

/**
 * Billing API: checkout (001 §7 Checkout info v2, Checkout session v2,
 * Customer portal). Prices, coupons and taxes are the domain's; Stripe
 * takes the payment on its hosted pages.
 */
export function checkoutRoutes({ db, stripe, prices, serial, config }: BillingDeps) {
  const routes = new Hono<AppEnv>();

  // The buyer back from Checkout (the session's id in the success URL): the purchase is applied from Stripe's
  // own record of the session, the webhook's path, so a lost or late webhook loses nothing.
  routes.post(`${SPACE}/stripe/checkout/v2/session/:sessionId/settlement`, async (c) => {
    const { workspace } = await requireBillingAccess(db, c);
    const sessionId = c.req.param("sessionId");
    const known = await findCheckoutSession(db, workspace.id, sessionId);
    const outcome = known ? await settleCheckoutSession({ db, stripe, serial }, sessionId, Date.now()) : null;
    if (!outcome) throw new HttpError(404, "checkout_session_not_found");
    return c.json({ status: outcome });
  });

  routes.post(`${SPACE}/stripe/checkout/v2/info`, async (c) => {
    const body = await parseJsonBody(c, infoBody);
    const { workspace, user } = await requireBillingAccess(db, c);
    const now = Date.now();
    const [active] = await loadSpaceSeats(db, workspace.id, now);
    const context = saleContext(workspace, user);
    let quote: Quote;
    if (active) {
      quote = changeQuote(active, body, context, body.previewProratedAmounts, now);
    } else {
      refuse(purchaseRefusal(context, body));
      const currency = currencyForCountry(body.country);
      quote = quotePurchase({
        lines: pricedLines(body, currency),
        currency,
        taxRate: taxRateFor(currency, body.country),
        billingInterval: body.billingInterval,
        now,
      });
    }
    return c.json(await quoteView(quote, prices));
  });

  routes.post(`${SPACE}/stripe/checkout/v2/session`, async (c) => {
    const body = await parseJsonBody(c, sessionBody);
    if (body.workspaceId !== c.req.param("workspaceId")) throw badRequest("workspaceId must be the path's");
    const { workspace, user } = await requireBillingAccess(db, c);
    if ((await loadSpaceSeats(db, workspace.id, Date.now())).length > 0) throw conflict("subscription_exists");

    const { lines, plan } = await purchasedLines(prices, body.stripePlans, body.addressInfo.country);
    refuse(
      purchaseRefusal(saleContext(workspace, user), {
        workspacePlan: plan.workspacePlan,
        billingInterval: plan.billingInterval,
        seatPlans: lines.map((line) => ({ userPlan: line.plan.userPlan, quantity: line.quantity })),
      }),
    );
    if (workspace.is_per_seat === 1 && user.is_personal !== 1) {
      const domains = await listDomains(db, workspace.id);
      if (domains.length > 0 && !domains.includes(emailDomain(user.email))) throw forbidden("domain_mismatch");
    }

    return c.json(
      await openPurchase({ db, stripe, serial, config }, c, {
        workspace,
        user,
        form: body,
        currency: plan.currency,
        lines: lines.map((line) => ({ stripePriceId: line.stripePriceId, quantity: line.quantity })),
        couponId: couponForSeats(seatTotal(lines))?.id ?? null,
        metadata: {},
      }),
    );
  });

  routes.get(`${SPACE}/stripe/customer/v1/portal`, async (c) => {
    const returnUrl = requireAppUrl(config, "returnUrl", parseQuery(c, portalQuery).returnUrl);
    const { workspace } = await requireBillingAccess(db, c);
    const customer = await findBillingCustomer(db, workspace.id);
    if (!customer) throw new HttpError(404, "customer_not_found");
    const portal = await callStripe(() =>
      stripe.billingPortal.sessions.create({ customer: customer.stripe_customer_id, return_url: returnUrl }),
    );
    return c.json({ stripeCustomerPortalUrl: portal.url });
  });

  return routes;
}
