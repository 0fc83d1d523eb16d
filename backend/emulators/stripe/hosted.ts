import type { Context, Env, Hono } from "hono";
import { cardMessages, cardOutcome } from "./cards";
import { completeCheckoutSession } from "./checkout";
import { authenticate, authenticationOf } from "./confirmation";
import { paymentIntentOf } from "./invoices";
import type { CheckoutSession, Invoice, PaymentIntent, PortalSession } from "./objects";
import { authenticationPage, checkoutPage, invoicePage, messagePage, portalPage } from "./pages";
import type { StripeState } from "./state";
import { setCancelAtPeriodEnd } from "./cancellation";
import { attemptPayment, completeAuthentication, failAuthentication } from "./payment-intents";
import { reportUnpaid, settleInvoice } from "./payments";
import type { Emit } from "./webhooks";

/**
 * The pages Stripe hosts for browsers, plain HTML without JavaScript:
 * Checkout, the customer portal and the invoice page. What they change is
 * told through `emit`, as Stripe's events.
 */
export function mountHostedPages<E extends Env>(app: Hono<E>, state: StripeState, emit: Emit) {
  mountHostedCheckout(app, state, emit);
  mountHostedPortal(app, state, emit);
  mountHostedInvoice(app, state, emit);
  mountHostedAuthentication(app, state, emit);
}

/**
 * The hosted Checkout page of a session (`url`): the summary and a card
 * form. Stripe's test cards decide: 4242… pays and returns to
 * `success_url`, 4000 0027 6000 3184 asks for authentication on a second
 * page first, 4000 0000 0000 0341 is declined; Back returns to `cancel_url`.
 */
function mountHostedCheckout<E extends Env>(app: Hono<E>, state: StripeState, emit: Emit) {
  // A session waiting for authentication, with the card that asked for it.
  const awaitingAuthentication = new Map<string, string>();
  const openSession = (c: Context) => {
    const session = state.sessions.get(c.req.param("id") ?? "");
    if (!session) return { refusal: c.html(messagePage("Not found", "There is no such Checkout Session."), 404) };
    if (session.status !== "open") return { refusal: c.html(messagePage("Checkout", cardMessages.closed), 410) };
    return { session };
  };
  const showPage = (c: Context, session: CheckoutSession, error: string | null, status: 200 | 402 = 200) =>
    c.html(checkoutPage(session, state.purchases.get(session.id)?.lines ?? [], error), status);
  const complete = (session: CheckoutSession, cardNumber: string) => {
    const successUrl = completeCheckoutSession(state, session, cardNumber);
    const subscription = state.get("subscription", session.subscription!);
    emit("customer.subscription.created", subscription);
    emit("invoice.paid", state.get("invoice", subscription.latest_invoice!));
    emit("checkout.session.completed", session);
    return successUrl;
  };

  app.get("/c/pay/:id", (c) => {
    const { session, refusal } = openSession(c);
    return refusal ?? showPage(c, session, null);
  });

  app.post("/c/pay/:id", async (c) => {
    const { session, refusal } = openSession(c);
    if (refusal) return refusal;
    const form = await c.req.parseBody();
    const card = String(form.card ?? "");
    switch (cardOutcome(card)) {
      case "succeeds":
        return c.redirect(complete(session, card), 303);
      case "authenticate":
        awaitingAuthentication.set(session.id, card);
        return c.redirect(`/c/pay/${session.id}/authenticate`, 303);
      case "declined":
        return showPage(c, session, cardMessages.declined, 402);
      case "invalid":
        return showPage(c, session, cardMessages.invalid, 402);
    }
  });

  app.get("/c/pay/:id/authenticate", (c) => {
    const { session, refusal } = openSession(c);
    if (refusal) return refusal;
    if (!awaitingAuthentication.has(session.id)) return c.redirect(`/c/pay/${session.id}`, 303);
    return c.html(authenticationPage(session.amount_total!, session.currency!));
  });

  app.post("/c/pay/:id/authenticate", async (c) => {
    const { session, refusal } = openSession(c);
    if (refusal) return refusal;
    const card = awaitingAuthentication.get(session.id);
    if (card === undefined) return c.redirect(`/c/pay/${session.id}`, 303);
    awaitingAuthentication.delete(session.id);
    const form = await c.req.parseBody();
    if (form.decision === "complete") return c.redirect(complete(session, card), 303);
    return showPage(c, session, cardMessages.authenticationFailed, 402);
  });
}

/**
 * The hosted customer portal of a portal session (`url`): the customer's
 * subscriptions (cancel at period end), invoices (links to their hosted
 * pages) and card (replace it), and a link back to `return_url`.
 */
function mountHostedPortal<E extends Env>(app: Hono<E>, state: StripeState, emit: Emit) {
  const portalOf = (c: Context) => state.portalSessions.get(c.req.param("id") ?? "");
  const show = (c: Context, portal: PortalSession, error: string | null = null) => {
    const customer = state.get("customer", portal.customer);
    return c.html(
      portalPage({
        portal,
        ...state.ofCustomer(customer.id),
        card: state.defaultCard(customer.id),
        error,
      }),
      error ? 402 : 200,
    );
  };
  const notFound = (c: Context) => c.html(messagePage("Not found", "There is no such portal session."), 404);

  app.get("/p/session/:id", (c) => {
    const portal = portalOf(c);
    return portal ? show(c, portal) : notFound(c);
  });

  app.post("/p/session/:id/cancel", async (c) => {
    const portal = portalOf(c);
    if (!portal) return notFound(c);
    const form = await c.req.parseBody();
    const subscription = state.subscriptions.get(String(form.subscription ?? ""));
    if (!subscription || subscription.customer !== portal.customer) return notFound(c);
    emit("customer.subscription.updated", setCancelAtPeriodEnd(state, subscription, true));
    return c.redirect(`/p/session/${portal.id}`, 303);
  });

  app.post("/p/session/:id/card", async (c) => {
    const portal = portalOf(c);
    if (!portal) return notFound(c);
    const card = String((await c.req.parseBody()).card ?? "");
    // As with Stripe's 4000 0000 0000 0341, a card may attach and still be declined when charged.
    if (cardOutcome(card) === "invalid") return show(c, portal, cardMessages.invalid);
    state.attachCard(portal.customer, card);
    return c.redirect(`/p/session/${portal.id}`, 303);
  });
}

/** What the hosted pages say of a payment's last error (none while authentication is asked for). */
const PAGE_MESSAGES: Record<string, string> = {
  card_declined: cardMessages.declined,
  payment_intent_authentication_failure: cardMessages.authenticationFailed,
};

/**
 * The hosted invoice page (`hosted_invoice_url`): a paid invoice says so;
 * an open one offers to complete the authentication its payment asks for,
 * or to pay with another card. Paying the invoice that made its
 * subscription past due makes it active again.
 */
function mountHostedInvoice<E extends Env>(app: Hono<E>, state: StripeState, emit: Emit) {
  const show = (c: Context, invoice: Invoice, error: string | null = null) =>
    c.html(invoicePage(invoice, paymentIntentOf(state, invoice), error), error ? 402 : 200);
  /** Pays with a card typed on the page, saved to the customer (not as the default). */
  const payWithCard = (invoice: Invoice, paymentIntent: PaymentIntent, number: string) => {
    const card = state.attachCard(invoice.customer!, number, { asDefault: false });
    attemptPayment(state, paymentIntent, { paymentMethod: card, outcome: cardOutcome(number) });
  };
  const notFound = (c: Context) => c.html(messagePage("Not found", "There is no such invoice."), 404);

  app.get("/i/:id", (c) => {
    const invoice = state.invoices.get(c.req.param("id"));
    return invoice ? show(c, invoice) : notFound(c);
  });

  app.post("/i/:id", async (c) => {
    const invoice = state.invoices.get(c.req.param("id"));
    if (!invoice) return notFound(c);
    if (invoice.status !== "open") return c.redirect(`/i/${invoice.id}`, 303);
    const form = await c.req.parseBody();
    // An open invoice has something due, so a payment intent.
    const paymentIntent = paymentIntentOf(state, invoice)!;
    const card = String(form.card ?? "");
    if (paymentIntent.status === "requires_action" && form.decision !== undefined) {
      if (form.decision === "complete") completeAuthentication(state, paymentIntent);
      else failAuthentication(state, paymentIntent);
    } else if (cardOutcome(card) === "invalid") {
      return show(c, invoice, cardMessages.invalid);
    } else {
      payWithCard(invoice, paymentIntent, card);
    }
    if (paymentIntent.status === "succeeded") {
      settleInvoice(state, invoice, emit);
      return c.redirect(`/i/${invoice.id}`, 303);
    }
    reportUnpaid(state, invoice, emit);
    return show(c, invoice, PAGE_MESSAGES[paymentIntent.last_payment_error?.code ?? ""]);
  });
}

/**
 * The page a confirmation with a `return_url` redirects to when the card
 * asks for authentication (`next_action.redirect_to_url.url`): Complete or
 * Fail, then back to the return URL with Stripe's query parameters. Used
 * once: afterwards, or once another confirmation made a new one, it says so
 * and links back.
 */
function mountHostedAuthentication<E extends Env>(app: Hono<E>, state: StripeState, emit: Emit) {
  const title = "Authenticate your payment";
  const waiting = (c: Context) => {
    const found = authenticationOf(state, c.req.param("id") ?? "");
    if (!found) return { refusal: c.html(messagePage("Not found", "There is no such authentication."), 404) };
    if (!found.paymentIntent) {
      const back = { href: found.returnUrl, label: "Return to the merchant" };
      return { refusal: c.html(messagePage(title, "This payment no longer needs authentication.", back), 410) };
    }
    return { paymentIntent: found.paymentIntent, returnUrl: found.returnUrl };
  };

  app.get("/3d_secure/:id", (c) => {
    const { paymentIntent, refusal } = waiting(c);
    return refusal ?? c.html(authenticationPage(paymentIntent.amount, paymentIntent.currency));
  });

  app.post("/3d_secure/:id", async (c) => {
    const { paymentIntent, returnUrl, refusal } = waiting(c);
    if (refusal) return refusal;
    const completed = (await c.req.parseBody()).decision === "complete";
    return c.redirect(authenticate(state, paymentIntent, returnUrl, completed, emit), 303);
  });
}
