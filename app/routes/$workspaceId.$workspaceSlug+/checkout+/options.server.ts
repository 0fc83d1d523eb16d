import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { checkoutTexts } from "~/domain/checkout-texts";
import { perUserTexts } from "~/domain/per-user-texts";
import {
  afterOptions,
  OPTIONS_INTENTS,
  optionsNextDisabled,
  optionsNextText,
  ownerLocked,
  paidAfter,
  paidRadioBlock,
  perUserSteps,
  USER_RADIO_PREFIX,
} from "~/domain/per-user-checkout";
import {
  beforeOptions,
  changesPlanOrCycle,
  loadPerUserCheckout,
  optionsStepShown,
  perUserHref,
  perUserSections,
  quoteWithLimit,
  requireOneDomain,
  userSummary,
  type PerUserCheckout,
  type QuoteWithLimit,
} from "./__steps/per-user.server";

const texts = perUserTexts.options;
const actionSchema = z.object({ intent: z.enum([OPTIONS_INTENTS.update, OPTIONS_INTENTS.next]) });
const radioSchema = z.enum(["paid", "free"]);

/**
 * The options step when it has a place (001 §4): an upgrade of plan or
 * cycle goes straight to its review (one of who is paid is chosen here,
 * several users at once, and Back from the review returns here with the
 * choice); Pro with users of several domains stops at cannot-downgrade;
 * a purchase with one user available, or by a Gmail user, goes on to billing
 * information (a redirect, so Back does not come back here).
 */
async function loadOptions(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const checkout = await loadPerUserCheckout(args, "options");
  if (checkout.flow === "UPGRADE" && changesPlanOrCycle(checkout)) {
    throw redirect(perUserHref(checkout, perUserSections.summary));
  }
  requireOneDomain(checkout);
  if (afterOptions(checkout.flow) === "information" && !optionsStepShown(checkout)) {
    throw redirect(perUserHref(checkout, perUserSections.information));
  }
  return checkout;
}

/**
 * 001 §5: each user's Free/Paid choice for this paid set, the owner's Free
 * closed when the last paid user, a free user's Paid closed when paid
 * elsewhere or at the plan's limit.
 */
function rowsOf(checkout: PerUserCheckout, paid: ReadonlySet<string>, { quote, limit }: QuoteWithLimit) {
  const paidElsewhere = new Set(
    (quote?.userRestrictions ?? [])
      .filter((entry) => entry.errorCode === "already_paid_user")
      .map((entry) => entry.userId),
  );
  const locked = ownerLocked(checkout.users, paid);
  return checkout.users.map((user) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    paid: paid.has(user.id),
    locked: locked && user.role === "OWNER",
    block: paidRadioBlock(user, paid, { limit: limit ?? Number.POSITIVE_INFINITY, paidElsewhere }),
  }));
}

/**
 * 001 §2 Billing options: the users with their Free/Paid choice, the quote
 * of the choice, and the Next button. Without a quote, 001 §8's failure,
 * or for a choice past the plan's limit (as the members page can send) 001
 * §5's limit.
 */
export async function loadOptionsStep(args: LoaderFunctionArgs) {
  const checkout = await loadOptions(args);
  const { space, paid, flow } = checkout;
  const facts = await quoteWithLimit(checkout);
  const { quote } = facts;
  return {
    title: (flow === "DOWNGRADE" ? perUserTexts.titles.downgrading : perUserTexts.titles.upgrading)(
      space.workspace.workspaceName,
    ),
    header: { steps: perUserSteps(flow, true), current: "options" as const, backTo: beforeOptions(checkout) },
    rows: rowsOf(checkout, paid, facts),
    quote,
    // 001 §2: 'Total due', 'Before taxes': the plan's total after the choice, not what an update charges today.
    summary: quote && { ...userSummary(quote), total: quote.totalBeforeTax },
    failure: quote ? null : facts.pastLimit && facts.limit !== null ? texts.limit(facts.limit) : texts.failed,
    next: { text: optionsNextText(flow), disabled: optionsNextDisabled(flow, paid.size) },
  };
}

/** The choice as the form sent it: who is paid, the owner re-marked when nobody is (001 §4). */
function choiceOf(checkout: PerUserCheckout, formData: FormData) {
  const radios = checkout.users.map((user) => ({
    user,
    value: radioSchema.safeParse(formData.get(`${USER_RADIO_PREFIX}${user.id}`)),
  }));
  if (radios.some((radio) => !radio.value.success && formData.has(`${USER_RADIO_PREFIX}${radio.user.id}`))) return null;
  const chosen = (value: "paid" | "free") =>
    new Set(radios.filter((radio) => radio.value.success && radio.value.data === value).map((radio) => radio.user.id));
  return paidAfter(checkout.users, { paid: chosen("paid"), free: chosen("free") });
}

/**
 * Update: the same step for the new choice (its sidebar priced anew; with
 * JavaScript on each change, without it by the button). Next: the step
 * after options for the flow. A choice with more paid users than the plan
 * allows (001 §5; without JavaScript several users are made paid at once,
 * past the radios the page closed) is refused with the limit, the choice
 * kept on the page and nothing sent on; only a choice with more paid users
 * than the page's can newly pass it. The Belgian legacy licence cannot go
 * on here (001 §4): 001 §8's server-error state, nothing asked of the
 * backend.
 */
export async function optionsAction(args: ActionFunctionArgs) {
  const checkout = await loadOptions(args);
  const formData = await args.request.formData();
  const submission = actionSchema.safeParse({ intent: formData.get("intent") });
  const paid = choiceOf(checkout, formData);
  if (!submission.success || !paid) throw new Response("Bad request", { status: 400 });
  if (paid.size > checkout.paid.size) {
    const facts = await quoteWithLimit(checkout);
    if (facts.limit !== null && paid.size > facts.limit) {
      return data({ banner: texts.limit(facts.limit), rows: rowsOf(checkout, paid, facts) }, { status: 400 });
    }
  }
  if (submission.data.intent === OPTIONS_INTENTS.update || optionsNextDisabled(checkout.flow, paid.size)) {
    throw redirect(perUserHref(checkout, perUserSections.options, paid));
  }
  const next = afterOptions(checkout.flow);
  if (next === "server-error") return data({ banner: checkoutTexts.errors.submit, rows: null }, { status: 409 });
  throw redirect(
    perUserHref(checkout, next === "information" ? perUserSections.information : perUserSections.summary, paid),
  );
}
