import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createCheckoutSession, quoteSeats, type Quote } from "~/api/billing.server";
import { isBackendError } from "~/api/http.server";
import { checkoutResultQuery } from "~/domain/billing-query";
import { checkoutTexts } from "~/domain/billing-texts";
import { checkoutFormSchema, type CheckoutFormDraft } from "~/domain/checkout-form";
import { COUNTRY_CODES, DEFAULT_COUNTRY, isEuropeanCountry } from "~/domain/countries";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { idempotencyKeySchema } from "~/domain/idempotency-schema";
import { spacePath, spaceSections } from "~/domain/space-paths";
import { appUrl } from "~/utils/app-url.server";
import { INFORMATION_INTENTS } from "~/domain/checkout-flow";
import { redirectInSession } from "~/utils/auth.server";
import type { SpaceContext } from "~/utils/space.server";
import { billingPage } from "../__billing/space-billing.server";
import { keepInDraft, readDraft, requirePurchase } from "./__steps/checkout.server";

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
 * What is being bought (001 §2, §4): a Gmail user their own Pro Personal
 * seat; a domain user the seats of the details step, which must come first.
 */
async function purchaseOf(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const purchase = await requirePurchase(args, "information");
  const { space, gmail } = purchase;
  const draft = await readDraft(space);
  const seats = gmail ? 1 : draft.purchaseFor === "myself" ? 1 : Number(draft.seats);
  if (!gmail && (draft.purchaseFor === undefined || !Number.isInteger(seats) || seats < 1)) {
    throw redirect(spacePath(space.urlPrefix, spaceSections.checkoutDetails));
  }
  const domains = space.workspace.workspaceDomains.map((entry) => entry.domainName.toLowerCase());
  // 001 §2: a domain purchase needs an address of the space's domain.
  const domain = gmail ? null : (domains[0] ?? null);
  const wrongDomain = domain !== null && !domains.includes(emailDomain(space.me.userEmail));
  return { ...purchase, draft, seats, domain, wrongDomain };
}

type Purchase = Awaited<ReturnType<typeof purchaseOf>>;

function seatPlanOf(purchase: Purchase) {
  return { userPlan: purchase.gmail ? ("PRO_PERSONAL" as const) : ("PRO" as const), quantity: purchase.seats };
}

/** The quote of the sidebar, for the country typed so far; null when the backend cannot price it. */
async function quoteFor(space: SpaceContext, purchase: Purchase, form: CheckoutFormDraft): Promise<Quote | null> {
  const country = form.country && /^[A-Z]{2}$/.test(form.country) ? form.country : DEFAULT_COUNTRY;
  try {
    return await quoteSeats(space.auth, space.workspace.workspaceId, {
      country,
      business: isEuropeanCountry(country) && form.isBusinessPurchase === "yes",
      previewProratedAmounts: false,
      seatPlans: [seatPlanOf(purchase)],
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

/** The form as the draft keeps it. */
function formOf(draft: Record<string, string>): CheckoutFormDraft {
  return Object.fromEntries(FORM_FIELDS.flatMap((field) => (draft[field] ? [[field, draft[field]]] : [])));
}

/**
 * The billing information step (001 §2, §5): the form as last typed, the
 * domain and whether the signed-in address belongs to it, and the quote.
 */
export async function loadInformation(args: LoaderFunctionArgs) {
  const purchase = await purchaseOf(args);
  const { space } = purchase;
  const form = formOf(purchase.draft);
  return {
    spaceName: space.workspace.workspaceName,
    header: purchase.header,
    form: { ...form, country: form.country ?? DEFAULT_COUNTRY },
    domain: purchase.domain,
    wrongDomain: purchase.wrongDomain,
    quote: await quoteFor(space, purchase, form),
    seats: purchase.seats,
    countries: COUNTRIES,
    idempotencyKey: newIdempotencyKey(),
    continueTo: spacePath(space.urlPrefix, spaceSections.checkoutInformation),
  };
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
    throw redirectInSession(space.auth, spacePath(space.urlPrefix, spaceSections.checkoutInformation));
  }
  const submission = checkoutFormSchema.safeParse(
    Object.fromEntries(Object.entries(typed).filter(([, value]) => value)),
  );
  if (!submission.success) return refuse(submission.error.flatten().fieldErrors as Record<string, string[]>);
  if (purchase.wrongDomain)
    return refuse({ form: [checkoutTexts.information.wrongDomain(purchase.domain ?? "")] }, 403);
  const key = idempotencyKeySchema.safeParse(formData.get(IDEMPOTENCY_FIELD));
  if (!key.success) return refuse({ form: [checkoutTexts.errors.submit] });

  const quote = await quoteFor(space, purchase, typed);
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
        stripePlans: quote.stripePlans.map(({ stripePriceId, quantity }) => ({ stripePriceId, quantity })),
        successUrl: appUrl(args.request, `${billingPage(space)}?${successQuery(purchase)}`),
        goBackUrl: appUrl(args.request, spacePath(space.urlPrefix, spaceSections.checkoutInformation)),
      },
      key.data,
    );
    return redirect(session.url, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackendError(error, 400) && error.reason === "tax_id_invalid") {
      return refuse({ vatNumber: [checkoutTexts.errors.vatInvalid] });
    }
    return refuse({ form: [checkoutTexts.errors.submit] }, 502);
  }
}

/** 001 §2: back on billing with the seats bought, of one kind. */
function successQuery(purchase: Purchase) {
  return checkoutResultQuery({
    from: "FREE",
    to: "PRO",
    [purchase.gmail ? "gmailSeats" : "workspaceSeats"]: purchase.seats,
  });
}
