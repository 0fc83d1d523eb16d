import { html } from "hono/html";
import { formatAmount } from "./money";
import type {
  CheckoutSession,
  Invoice,
  LineItem,
  PaymentIntent,
  PaymentMethod,
  PortalSession,
  Subscription,
} from "./objects";

// Script-free on purpose: the hosted pages must work in the no-js browser project.
const STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#f6f9fc;color:#1a1f36;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:30rem;margin:2rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e3e8ee;border-radius:8px}
.tag{margin-left:.5rem;padding:.1rem .5rem;border-radius:1rem;background:#fef7e0;color:#7a4b00;font-size:.75rem;font-weight:600}
h1{margin:.5rem 0 1rem;font-size:1.5rem}
table{width:100%;border-collapse:collapse;margin-bottom:1.5rem}
td{padding:.25rem 0}td:last-child{text-align:right}
.total td{border-top:1px solid #e3e8ee;font-weight:600}
label{display:block;margin:.75rem 0 .25rem;font-weight:500}
input{width:100%;padding:.625rem .75rem;border:1px solid #8792a2;border-radius:4px;font:inherit}
.row{display:flex;gap:1rem}.row>div{flex:1}
button{margin-top:1.5rem;width:100%;padding:.75rem;border:0;border-radius:4px;background:#635bff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
h2{margin:1.5rem 0 .5rem;font-size:1.1rem}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #8792a2}
.error{margin:1rem 0 0;padding:.75rem;border-radius:4px;background:#fde8e8;color:#8a1c1c}
a{color:#635bff}
:focus-visible{outline:3px solid #635bff;outline-offset:2px}
`;

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${STYLES}
        </style>
      </head>
      <body>
        <main>
          <p><strong>Local Stripe</strong><span class="tag">test mode</span></p>
          ${body}
        </main>
      </body>
    </html>`;
}

export function checkoutPage(session: CheckoutSession, lines: LineItem[], error: string | null) {
  const currency = session.currency!;
  const totals = session.total_details!;
  const [discount] = session.discounts ?? [];
  return page(
    "Checkout",
    html`<h1>Subscribe</h1>
      <table>
        ${lines.map((line) => {
          const { price } = line;
          const interval = price.recurring!.interval;
          return html`<tr>
            <td>${line.quantity} × ${price.lookup_key} (per ${interval})</td>
            <td>${formatAmount(line.amount_subtotal, currency)}</td>
          </tr>`;
        })}
        ${
          discount || totals.amount_tax > 0
            ? html`<tr class="total">
                <td>Subtotal</td>
                <td>${formatAmount(session.amount_subtotal!, currency)}</td>
              </tr>`
            : ""
        }
        ${
          discount
            ? html`<tr>
                <td>Discount (${discount.coupon})</td>
                <td>−${formatAmount(totals.amount_discount, currency)}</td>
              </tr>`
            : ""
        }
        ${
          totals.amount_tax > 0
            ? html`<tr>
                <td>Tax</td>
                <td>${formatAmount(totals.amount_tax, currency)}</td>
              </tr>`
            : ""
        }
        <tr class="total">
          <td>Total due today</td>
          <td>${formatAmount(session.amount_total!, currency)}</td>
        </tr>
      </table>
      <form method="post">
        <label for="card">Card number</label>
        <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required />
        <div class="row">
          <div>
            <label for="expiry">Expiry (MM / YY)</label>
            <input id="expiry" name="expiry" autocomplete="cc-exp" required />
          </div>
          <div>
            <label for="cvc">CVC</label>
            <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required />
          </div>
        </div>
        ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
        <button type="submit">Pay ${formatAmount(session.amount_total!, currency)}</button>
      </form>
      ${session.cancel_url ? html`<p><a href="${session.cancel_url}">Back</a></p>` : ""}`,
  );
}

/** The bank's authentication of a payment (3-D Secure), as Stripe's test pages offer it: complete it or fail it. */
export function authenticationPage(amount: number, currency: string) {
  return page(
    "Authenticate your payment",
    html`<h1>Authenticate your payment</h1>
      <p>Your bank asks you to confirm this payment of ${formatAmount(amount, currency)}.</p>
      <form method="post">
        <button type="submit" name="decision" value="complete">Complete authentication</button>
        <button type="submit" name="decision" value="fail" class="secondary">Fail authentication</button>
      </form>`,
  );
}

export function messagePage(title: string, message: string, back?: { href: string; label: string }) {
  return page(
    title,
    html`<h1>${title}</h1>
      <p>${message}</p>
      ${back ? html`<p><a href="${back.href}">${back.label}</a></p>` : ""}`,
  );
}

const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export function portalPage({
  portal,
  subscriptions,
  invoices,
  card,
  error,
}: {
  portal: PortalSession;
  subscriptions: Subscription[];
  invoices: Invoice[];
  card: PaymentMethod | null;
  error: string | null;
}) {
  const last4 = card?.card?.last4 ?? null;
  return page(
    "Billing",
    html`<h1>Billing</h1>
      <h2>Subscriptions</h2>
      ${subscriptions.map((subscription) => {
        const items = subscription.items.data;
        const end = items[0]?.current_period_end ?? 0;
        return html`<section>
          <p>
            ${items.map((item) => html`${item.quantity} × ${item.price.lookup_key} `)}—
            ${subscription.cancel_at_period_end ? html`ends on ${dateOf(end)}` : html`renews on ${dateOf(end)}`}
          </p>
          ${
            subscription.cancel_at_period_end || subscription.status !== "active"
              ? ""
              : html`<form method="post" action="/p/session/${portal.id}/cancel">
                  <input type="hidden" name="subscription" value="${subscription.id}" />
                  <button type="submit" class="secondary">Cancel subscription</button>
                </form>`
          }
        </section>`;
      })}
      <h2>Payment method</h2>
      <p>${last4 ? html`Visa ending in ${last4}` : "None"}</p>
      <form method="post" action="/p/session/${portal.id}/card">
        <label for="card">New card number</label>
        <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required />
        ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
        <button type="submit">Update payment method</button>
      </form>
      <h2>Invoices</h2>
      <ul>
        ${invoices.map(
          (invoice) =>
            html`<li>
              <a href="${invoice.hosted_invoice_url!}">${dateOf(invoice.created)}</a>
              ${formatAmount(invoice.total, invoice.currency)} — ${invoice.status}
            </li>`,
        )}
      </ul>
      ${portal.return_url ? html`<p><a href="${portal.return_url}">Return</a></p>` : ""}`,
  );
}

export function invoicePage(invoice: Invoice, paymentIntent: PaymentIntent | null, error: string | null) {
  const amount = formatAmount(invoice.total, invoice.currency);
  const open = invoice.status === "open";
  return page(
    "Invoice",
    html`<h1>Invoice</h1>
      <p>${amount} — ${invoice.status}</p>
      <p>Issued on ${dateOf(invoice.created)}</p>
      ${
        open && paymentIntent?.status === "requires_action"
          ? html`<p>Your bank asks you to confirm this payment of ${amount}.</p>
              <form method="post">
                <button type="submit" name="decision" value="complete">Complete authentication</button>
                <button type="submit" name="decision" value="fail" class="secondary">Fail authentication</button>
              </form>`
          : ""
      }
      ${
        open && paymentIntent?.status !== "requires_action"
          ? html`<form method="post">
              <label for="card">Card number</label>
              <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required />
              <button type="submit">Pay ${amount}</button>
            </form>`
          : ""
      }
      ${error ? html`<p class="error" role="alert">${error}</p>` : ""}`,
  );
}
