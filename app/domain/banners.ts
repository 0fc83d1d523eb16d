import { z } from "zod";
import { BANNER_PARAMS, BANNER_SIGNATURE_PARAM, OUTCOME_EXPIRY_PARAM, type BannerContent } from "./banner-params";
import { billingTexts } from "./billing-texts";
import { legacyUsersTexts } from "./legacy-users-texts";
import { drawerTexts, type MemberChange } from "./member-drawer";
import { addTexts } from "./add-members";
import { memberRefusalTexts, type GoneKind } from "./member-refusals";
import { genericErrorTexts } from "./error-texts";
import { generalSettingsTexts } from "./general-settings";

// The zod-free half, for code that runs in the browser (banner-params.ts).
export {
  BANNER_PARAMS,
  BANNER_SIGNATURE_PARAM,
  OUTCOME_EXPIRY_PARAM,
  bannerTexts,
  legacyBannerTexts,
  withoutBannerParams,
  type BannerContent,
} from "./banner-params";
import { seatDowngradeTexts } from "./seat-downgrade";

/**
 * Every banner that a redirect can ask the shell to show, as query parameters
 * (`?banner=created&name=Acme`), with its texts from 000 §8. Unknown kinds or
 * malformed parameters show nothing.
 */
export const invitationErrorReasons = {
  invalid: "The invite link is invalid.",
  "different-account": "You are logged into a different account than the one invited.",
  expired: "The invite link has expired or been cancelled.",
  "already-member": "You are already a member of this space.",
} as const;
export type InvitationErrorReason = keyof typeof invitationErrorReasons;

const name = z.string().trim().min(1).max(300);

const bannerSchema = z.discriminatedUnion("banner", [
  z.object({ banner: z.literal("created"), name }),
  z.object({ banner: z.literal("create-error") }),
  z.object({ banner: z.literal("deleted"), name, switchedTo: name.optional() }),
  z.object({ banner: z.literal("transferred"), name, email: z.string().trim().email() }),
  z.object({ banner: z.literal("joined"), name, switched: z.enum(["1"]).optional() }),
  z.object({ banner: z.literal("welcome") }),
  z.object({
    banner: z.literal("invitation-error"),
    reason: z.enum(Object.keys(invitationErrorReasons) as [InvitationErrorReason, ...InvitationErrorReason[]]),
  }),
  z.object({ banner: z.literal("error") }),
  z.object({ banner: z.literal("settings-saved") }),
  z.object({ banner: z.literal("downgrade-cancelled") }),
  z.object({ banner: z.literal("interval-change-cancelled") }),
  z.object({ banner: z.literal("payment-confirmed") }),
  z.object({ banner: z.literal("payment-not-confirmed") }),
  z.object({
    banner: z.literal("members-added"),
    added: z.coerce.number().int().min(1).max(100),
    mode: z.enum(["add", "addUsers", "invite"]),
  }),
  z.object({ banner: z.literal("users-added"), added: z.coerce.number().int().min(1).max(100) }),
  z.object({
    banner: z.literal("members-updated"),
    change: z.enum(Object.keys(drawerTexts.done) as [MemberChange, ...MemberChange[]]),
    /** How many members (or invitations) changed; a link without it reads as several. */
    members: z.coerce.number().int().min(1).max(100).optional(),
  }),
  z.object({
    banner: z.literal("members-gone"),
    what: z.enum(Object.keys(memberRefusalTexts.gone) as [GoneKind, ...GoneKind[]]),
  }),
]);
export type BannerParams = z.infer<typeof bannerSchema>;

export function parseBanner(searchParams: URLSearchParams): BannerParams | null {
  const raw = Object.fromEntries(
    BANNER_PARAMS.flatMap((key) =>
      searchParams.has(key) && key !== BANNER_SIGNATURE_PARAM && key !== OUTCOME_EXPIRY_PARAM
        ? [[key, searchParams.get(key)]]
        : [],
    ),
  );
  const parsed = bannerSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function bannerContent(params: BannerParams): BannerContent {
  switch (params.banner) {
    case "created":
      return { tone: "success", title: `${params.name} has been successfully created.` };
    case "create-error":
      return { tone: "error", title: "Your space could not be created.", detail: "Please try again later." };
    case "deleted":
      return {
        tone: "success",
        title: `${params.name} has been successfully deleted.`,
        detail: params.switchedTo ? `You have been automatically switched to ${params.switchedTo}.` : undefined,
      };
    case "transferred":
      return {
        tone: "success",
        title: `${params.name} ownership has been transferred to ${params.email}`,
        detail: `You are still part of ${params.name} as a regular user.`,
      };
    case "joined":
      return {
        tone: "success",
        title: `You have successfully joined ${params.name}${params.switched ? ", and you have been automatically switched to it." : "."}`,
      };
    case "welcome":
      return {
        tone: "success",
        title: "Welcome to YAMM!",
        detail: "Your account is ready. Send your first mail merge from Google Sheets.",
      };
    case "invitation-error":
      return {
        tone: "error",
        title: "The invitation could not be finalized.",
        detail: invitationErrorReasons[params.reason],
      };
    case "error":
      return { tone: "error", ...genericErrorTexts };
    case "settings-saved":
      return { tone: "success", title: generalSettingsTexts.saved };
    case "downgrade-cancelled":
      return { tone: "success", title: seatDowngradeTexts.cancelled };
    case "interval-change-cancelled":
      return { tone: "success", title: billingTexts.intervalChange.cancelled };
    case "payment-confirmed":
      return { tone: "success", title: billingTexts.paymentConfirmed };
    case "payment-not-confirmed":
      return { tone: "error", ...billingTexts.paymentNotConfirmed };
    case "members-added":
      return { tone: "success", title: addTexts.done(params.added, params.mode) };
    case "users-added":
      return { tone: "success", title: legacyUsersTexts.added(params.added) };
    case "members-gone":
      return { tone: "info", ...memberRefusalTexts.gone[params.what] };
    case "members-updated":
      return { tone: "success", title: drawerTexts.done[params.change](params.members ?? 2) };
  }
}

/** The banner a URL asks for, ready to show, or null. */
export function bannerFromQuery(searchParams: URLSearchParams): BannerContent | null {
  const params = parseBanner(searchParams);
  return params ? bannerContent(params) : null;
}

/** Builds the query string a redirect carries to show a banner. */
export function bannerQuery(params: BannerParams) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}
