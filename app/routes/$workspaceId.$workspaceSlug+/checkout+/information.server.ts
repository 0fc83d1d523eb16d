import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  createCheckoutSession,
  quoteSeats,
  type CheckoutLines,
  type PerUserQuote,
  type Quote,
} from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { BILLING_QUERY, CHECKOUT_SESSION_TEMPLATE, checkoutResultQuery } from "~/domain/billing-query";
import { billingTexts } from "~/domain/billing-texts";
import { checkoutTexts } from "~/domain/checkout-texts";
import { planNames } from "~/domain/billing-words";
import { checkoutFormSchema, type CheckoutFormDraft } from "~/domain/checkout-form";
import { COUNTRY_CODES, DEFAULT_COUNTRY, isEuropeanCountry } from "~/domain/countries";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { appUrl } from "~/utils/app-url.server";
import { INFORMATION_INTENTS } from "~/domain/checkout-flow";
import { afterOptions, daysLeft, isLegacyFlow, perUserSteps, purchaseResult } from "~/domain/per-user-checkout";
import { isGmailAddress } from "~/domain/wrong-plan";
import { redirectInSession } from "~/utils/auth.server";
import { checkoutReturnLink } from "~/utils/banner-links.server";
import { requireSpaceWith, type SpaceContext } from "~/utils/space.server";
import { billingPage } from "../__billing/space-billing.server";
import { keepInDraft, readDraft, readDraftOf, requirePurchase, type seatStepHeader } from "./__steps/checkout.server";
import {
  beforeOptions,
  loadPerUserCheckout,
  optionsStepShown,
  perUserHref,
  perUserSections,
  quoteSelection,
  requireOneDomain,
  userSummary,
} from "./__steps/per-user.server";

/** The fields of the form, as the draft keeps them. */
const FORM_FIELDS = [
  "country",
  "isBusinessPurchase",
  "vatNumber",
  "companyName",
  "name",
  "street",
  "city",
  "state",
  "postalCode",
] as const;

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
/** Every country by its English name, made once: the select's options. */
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) =>
  a.name.localeCompare(b.name, "en"),
);

const emailDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/**
 * What is being bought (001 §2, §4): in a per-seat space, a Gmail user their
 * own Pro Personal seat, a domain user the seats of the details step, which
 * must come first; in a per-user space, the users chosen on the options step.
 */
async function purchaseOf(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Purchase> {
  // The draft, which either purchase reads, beside the guard: their own reads of it share this call.
  const { space } = await requireSpaceWith(args, readDraftOf);
  return space.workspace.isPerSeat ? seatPurchase(args) : userPurchase(args);
}

interface Purchase {
  space: SpaceContext;
  header: ReturnType<typeof seatStepHeader>;
  draft: Record<string, string>;
  domain: string | null;
  wrongDomain: boolean;
  /** The sidebar's plan (per user: the seat line names it per seat), lines and billing line, from its quote. */
  summary: (quote: Quote) => { plan?: string; lines: Array<{ label: string; amount: number }>; billed: string };
  quote: (country: string, business: boolean) => Promise<Quote | null>;
  lines: (quote: Quote) => CheckoutLines;
  /** The billing page's result query (001 §2 after success). */
  successQuery: string;
  /** This step, with its query: where Stripe's Back and the account switch return. */
  here: string;
  /** A legacy licence paid through PayPal that the purchase replaces: its days left (the page says what becomes of them). */
  paypalLicenceDaysLeft: number | null;
}

async function seatPurchase(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Purchase> {
  const { space, gmail, header, draft: drafted } = await requirePurchase(args, "information");
  const draft = await drafted;
  const seats = gmail ? 1 : draft.purchaseFor === "myself" ? 1 : Number(draft.seats);
  if (!gmail && (draft.purchaseFor === undefined || !Number.isInteger(seats) || seats < 1)) {
    throw redirect(spacePath(space.urlPrefix, spaceSections.checkoutDetails));
  }
  const domains = space.workspace.workspaceDomains.map((entry) => entry.domainName.toLowerCase());
  // 001 §2: a domain purchase needs an address of the space's domain.
  const domain = gmail ? null : (domains[0] ?? null);
  const seatPlan = { userPlan: gmail ? ("PRO_PERSONAL" as const) : ("PRO" as const), quantity: seats };
  return {
    space,
    header,
    draft,
    domain,
    wrongDomain: domain !== null && !domains.includes(emailDomain(space.me.userEmail)),
    summary: (quote) => ({
      lines: [{ label: checkoutTexts.summary.seatLine(planNames.PRO, seats), amount: sumOfPlans(quote) }],
      billed: checkoutTexts.billedAnnually,
    }),
    quote: async (country, business) => {
      try {
        return await quoteSeats(space.auth, space.workspace.workspaceId, {
          country,
          business,
          previewProratedAmounts: false,
          seatPlans: [seatPlan],
        });
      } catch (error) {
        if (error instanceof Response) throw error;
        return null;
      }
    },
    lines: (quote) => ({
      kind: "seats",
      stripePlans: quote.stripePlans.map(({ stripePriceId, quantity }) => ({ stripePriceId, quantity })),
    }),
    // 001 §2: back on billing with the seats bought, of one kind.
    successQuery: checkoutResultQuery({ from: "FREE", to: "PRO", [gmail ? "gmailSeats" : "workspaceSeats"]: seats }),
    here: spacePath(space.urlPrefix, spaceSections.checkoutInformation),
    paypalLicenceDaysLeft: null,
  };
}

const sumOfPlans = (quote: Quote) => quote.stripePlans.reduce((sum, plan) => sum + plan.totalAmount, 0);

/**
 * A per-user purchase (001 §4 Purchase flow), or a US legacy licence
 * replaced by one: the users chosen, at least one, of one domain for Pro;
 * any other flow, or a page without plan and cycle (001 §2), goes to its options.
 */
async function userPurchase(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Purchase> {
  const checkout = await loadPerUserCheckout(args);
  const { space, target, paid, users } = checkout;
  const options = perUserHref(checkout, perUserSections.options);
  if (!checkout.hasTarget || afterOptions(checkout.flow) !== "information" || paid.size === 0) {
    throw redirect(options);
  }
  requireOneDomain(checkout);
  const optionsShown = optionsStepShown(checkout);
  const gmailIds = new Set(users.filter((user) => isGmailAddress(user.email)).map((user) => user.id));
  const chosen = [...paid];
  return {
    space,
    header: {
      steps: perUserSteps(checkout.flow, optionsShown),
      current: "information",
      backTo: optionsShown ? options : beforeOptions(checkout),
    },
    draft: await readDraft(space),
    domain: null,
    wrongDomain: false,
    summary: (quote) => userSummary(quote as PerUserQuote),
    quote: (country, business) => quoteSelection(checkout, { country, business, preview: false }),
    lines: (quote) => ({
      kind: "users",
      plans: quote.stripePlans.flatMap((plan) => {
        const userIds = chosen.filter((id) => gmailIds.has(id) === (plan.userPlan === "PRO_PERSONAL"));
        return userIds.length > 0 ? [{ stripePriceId: plan.stripePriceId, userIds }] : [];
      }),
      upgradeLegacySubscription: isLegacyFlow(checkout.flow),
    }),
    successQuery: isLegacyFlow(checkout.flow)
      ? checkoutResultQuery({ from: "LEGACY", to: target.plan })
      : checkoutResultQuery(purchaseResult(chosen, users, target.plan)),
    here: perUserHref(checkout, perUserSections.information),
    // The backend ends the licence when the new subscription starts, with no credit (backend/README.md, Legacy licences).
    paypalLicenceDaysLeft:
      isLegacyFlow(checkout.flow) && checkout.active?.paymentSource === "PAYPAL"
        ? daysLeft(checkout.active.endTimestamp)
        : null,
  };
}

/**
 * The billing information step (001 §2, §5): the form as last typed, the
 * domain and whether the signed-in address belongs to it, and the quote.
 */
export async function loadInformation(args: LoaderFunctionArgs) {
  const purchase = await purchaseOf(args);
  const form = formOf(purchase.draft);
  const quote = await quoteFor(purchase, form);
  return {
    spaceName: purchase.space.workspace.workspaceName,
    header: purchase.header,
    form: { ...form, country: form.country ?? DEFAULT_COUNTRY },
    domain: purchase.domain,
    wrongDomain: purchase.wrongDomain,
    quote,
    summary: quote && purchase.summary(quote),
    countries: COUNTRIES,
    idempotencyKey: newIdempotencyKey(),
    continueTo: purchase.here,
    paypalLicenceDaysLeft: purchase.paypalLicenceDaysLeft,
  };
}

/** The quote of the sidebar, for the country typed so far. */
function quoteFor(purchase: Purchase, form: CheckoutFormDraft) {
  const country = form.country && /^[A-Z]{2}$/.test(form.country) ? form.country : DEFAULT_COUNTRY;
  return purchase.quote(country, isEuropeanCountry(country) && form.isBusinessPurchase === "yes");
}

/** The form as the draft keeps it. */
function formOf(draft: Record<string, string>): CheckoutFormDraft {
  return Object.fromEntries(FORM_FIELDS.flatMap((field) => (draft[field] ? [[field, draft[field]]] : [])));
}

/**
 * Keeps what was typed (a new country drops the business answer, 001 §5),
 * then either shows the summary for it again, or checks it and sends the
 * person to Stripe's hosted Checkout (303). The form's once-only key makes
 * a double click or a reload of the POST open the same Checkout Session.
 * A VAT ID Stripe refuses is said on its field; any other failure keeps the
 * form with 001 §8's message.
 */
export async function informationAction(args: ActionFunctionArgs) {
  const purchase = await purchaseOf(args);
  const { space } = purchase;
  const formData = await args.request.formData();
  const typed: Record<string, string> = Object.fromEntries(
    FORM_FIELDS.map((field) => [field, String(formData.get(field) ?? "").slice(0, 512)]),
  );
  if (typed.country !== purchase.draft.country && purchase.draft.country !== undefined) typed.isBusinessPurchase = "";
  await keepInDraft(space, typed);
  const refuse = (errors: Record<string, string[]>, status = 400) => data({ values: typed, errors }, { status });

  if (formData.get("intent") !== INFORMATION_INTENTS.checkout) {
    throw redirectInSession(space.auth, purchase.here);
  }
  const submission = checkoutFormSchema.safeParse(
    Object.fromEntries(Object.entries(typed).filter(([, value]) => value)),
  );
  if (!submission.success) return refuse(submission.error.flatten().fieldErrors as Record<string, string[]>);
  if (purchase.wrongDomain)
    return refuse({ form: [checkoutTexts.information.wrongDomain(purchase.domain ?? "")] }, 403);
  const key = idempotencyKeySchema.safeParse(formData.get(IDEMPOTENCY_FIELD));
  if (!key.success) return refuse({ form: [checkoutTexts.errors.submit] });

  const quote = await quoteFor(purchase, typed);
  if (!quote || quote.stripePlans.length === 0) return refuse({ form: [checkoutTexts.errors.plansMissing] }, 502);
  const form = submission.data;
  try {
    const session = await createCheckoutSession(
      space.auth,
      space.workspace.workspaceId,
      {
        address: {
          country: form.country,
          state: form.state,
          city: form.city,
          postalCode: form.postalCode,
          street: form.street,
        },
        companyName: form.companyName,
        customerName: form.name,
        isBusinessPurchase: form.isBusinessPurchase,
        vatNumber: form.vatNumber,
        userName: space.me.userName ?? form.name,
        lines: purchase.lines(quote),
        // Signed for the buyer, for as long as Stripe keeps the Checkout Session open (issue 34); the session's id
        // is Stripe's to fill in: the return settles the purchase with it (issue 33).
        successUrl: `${checkoutReturnLink(
          appUrl(args.request, `${billingPage(space)}?${purchase.successQuery}`),
          space.auth.session,
        )}&${BILLING_QUERY.sessionId}=${CHECKOUT_SESSION_TEMPLATE}`,
        goBackUrl: appUrl(args.request, purchase.here),
      },
      key.data,
    );
    return redirect(session.url, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackendError(error, 400) && error.reason === "tax_id_invalid") {
      return refuse({ vatNumber: [checkoutTexts.errors.vatInvalid] });
    }
    // An earlier session of the space was paid, its webhook late: the backend applies it rather than charge again.
    if (isBackendError(error, 409) && error.reason === "subscription_exists") {
      return refuse({ form: [billingTexts.paymentBeingApplied] }, 409);
    }
    return refuse({ form: [checkoutTexts.errors.submit] }, 502);
  }
}
