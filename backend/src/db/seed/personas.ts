import type { LegacyType, PaymentSource, Role, UserPlan, WorkspacePlan } from "../../domain/enums";
import type { RestrictionKey } from "../../domain/restrictions";

/**
 * The demo personas (ARCHITECTURE.md). Ids are stable: tests, demos and other
 * areas' seeds refer to them. Timestamps are given as "days before now" so the
 * data always looks recent.
 */

export const SPACES = {
  acmeMarketing: { id: "5100000000000001", name: "Acme Marketing", slug: "acme-marketing" },
  acmeSales: { id: "5100000000000002", name: "Acme Sales", slug: "acme-sales" },
  samsSpace: { id: "5100000000000003", name: "Sam's space", slug: "sams-space" },
  oldcoTeam: { id: "5100000000000004", name: "Oldco Team", slug: "oldco-team" },
  bigco: { id: "5100000000000005", name: "Bigco", slug: "bigco" },
  fernStudio: { id: "5100000000000006", name: "Fern Studio", slug: "fern-studio" },
  relayOne: { id: "5100000000000007", name: "Relay One", slug: "relay-one" },
  relayTwo: { id: "5100000000000008", name: "Relay Two", slug: "relay-two" },
  bigcoLabs: { id: "5100000000000009", name: "Bigco Labs", slug: "bigco-labs" },
} as const;
export type SpaceKey = keyof typeof SPACES;

export const PERSONAS = {
  owner: { id: "6100000000000001", email: "owner@acme.test", name: "Olivia Owner" },
  admin: { id: "6100000000000002", email: "admin@acme.test", name: "Adam Admin" },
  member: { id: "6100000000000003", email: "member@acme.test", name: "Mia Member" },
  disabled: { id: "6100000000000004", email: "disabled@acme.test", name: "Dan Disabled" },
  solo: { id: "6100000000000005", email: "solo@gmail.com", name: "Sam Solo" },
  legacy: { id: "6100000000000006", email: "legacy@oldco.test", name: "Lee Legacy" },
  premium: { id: "6100000000000007", email: "premium@bigco.test", name: "Priya Premium" },
  benBaker: { id: "6100000000000008", email: "ben.baker@acme.test", name: "Ben Baker" },
  carlaDiaz: { id: "6100000000000009", email: "carla.diaz@acme.test", name: "Carla Diaz" },
  eliFischer: { id: "6100000000000010", email: "eli.fischer@acme.test", name: "Eli Fischer" },
  graceHall: { id: "6100000000000011", email: "grace.hall@acme.test", name: "Grace Hall" },
  ivanJones: { id: "6100000000000012", email: "ivan.jones@acme.test", name: "Ivan Jones" },
  salesLead: { id: "6100000000000013", email: "sales.lead@acme.test", name: "Sara Sales" },
  noahNguyen: { id: "6100000000000014", email: "noah.nguyen@bigco.test", name: "Noah Nguyen" },
  emmaEvans: { id: "6100000000000015", email: "emma.evans@bigco.test", name: "Emma Evans" },
  liamLopez: { id: "6100000000000016", email: "liam.lopez@bigco.test", name: "Liam Lopez" },
  olgaOrtiz: { id: "6100000000000017", email: "olga.ortiz@oldco.test", name: "Olga Ortiz" },
  petePark: { id: "6100000000000018", email: "pete.park@oldco.test", name: "Pete Park" },
  taraTrial: { id: "6100000000000019", email: "tara.trial@acme.test", name: "Tara Trial" },
  umaUnlimited: { id: "6100000000000020", email: "uma.unlimited@acme.test", name: "Uma Unlimited" },
  gusGmail: { id: "6100000000000021", email: "gus.gmail@gmail.com", name: "Gus Gmail" },
  stella: { id: "6100000000000022", email: "stella@fernstudio.test", name: "Stella Stone" },
  arlo: { id: "6100000000000023", email: "arlo@fernstudio.test", name: "Arlo Adams" },
  maya: { id: "6100000000000024", email: "maya@fernstudio.test", name: "Maya Moss" },
  finn: { id: "6100000000000025", email: "finn@fernstudio.test", name: "Finn Ford" },
  fay: { id: "6100000000000026", email: "fay@fernstudio.test", name: "Fay Fox" },
  flo: { id: "6100000000000027", email: "flo@fernstudio.test", name: "Flo Frost" },
  tess: { id: "6100000000000028", email: "tess@relay.test", name: "Tess Turner" },
  rory: { id: "6100000000000029", email: "rory@relay.test", name: "Rory Reed" },
  hanaHolt: { id: "6100000000000030", email: "hana.holt@bigco.test", name: "Hana Holt" },
  hugoHart: { id: "6100000000000031", email: "hugo.hart@bigco.test", name: "Hugo Hart" },
  dana: { id: "6100000000000032", email: "dana@fernstudio.test", name: "Dana Dale" },
  drew: { id: "6100000000000033", email: "drew@fernstudio.test", name: "Drew Dunn" },
} as const;
export type PersonaKey = keyof typeof PERSONAS;

/** Has signed in with Google but has no user: the sign-up and no-user paths. */
export const NEWCOMER_EMAIL = "newcomer@startup.test";

/** Added to Acme Marketing on a paid seat and not joined yet: a pending member with no user. */
export const NINA_EMAIL = "nina.new@acme.test";

export interface SeedUser {
  persona: PersonaKey;
  /** null: never installed the add-on (shows the tutorial link). */
  installedDaysAgo: number | null;
  /** The space the add-on sends from (addonWorkspaceId). */
  mainSpace: SpaceKey;
  isPersonal?: boolean;
  license?: { subscriptionId: string; paymentSource: PaymentSource };
}

export const SEED_USERS: SeedUser[] = [
  { persona: "owner", installedDaysAgo: 720, mainSpace: "acmeMarketing" },
  { persona: "admin", installedDaysAgo: 650, mainSpace: "acmeMarketing" },
  { persona: "member", installedDaysAgo: 300, mainSpace: "acmeMarketing" },
  { persona: "disabled", installedDaysAgo: 500, mainSpace: "acmeMarketing" },
  { persona: "solo", installedDaysAgo: null, mainSpace: "samsSpace", isPersonal: true },
  {
    persona: "legacy",
    installedDaysAgo: 1900,
    mainSpace: "oldcoTeam",
    license: { subscriptionId: "I-7K2M9X4QHB3N", paymentSource: "PAYPAL" },
  },
  { persona: "premium", installedDaysAgo: 900, mainSpace: "bigco" },
  { persona: "benBaker", installedDaysAgo: 610, mainSpace: "acmeMarketing" },
  { persona: "carlaDiaz", installedDaysAgo: 480, mainSpace: "acmeMarketing" },
  { persona: "eliFischer", installedDaysAgo: 455, mainSpace: "acmeMarketing" },
  { persona: "graceHall", installedDaysAgo: 390, mainSpace: "acmeMarketing" },
  { persona: "ivanJones", installedDaysAgo: 430, mainSpace: "acmeMarketing" },
  { persona: "salesLead", installedDaysAgo: 560, mainSpace: "acmeSales" },
  { persona: "noahNguyen", installedDaysAgo: 820, mainSpace: "bigco" },
  { persona: "emmaEvans", installedDaysAgo: 700, mainSpace: "bigco" },
  { persona: "liamLopez", installedDaysAgo: 440, mainSpace: "bigco" },
  { persona: "olgaOrtiz", installedDaysAgo: 1500, mainSpace: "oldcoTeam" },
  { persona: "petePark", installedDaysAgo: 1300, mainSpace: "oldcoTeam" },
  { persona: "taraTrial", installedDaysAgo: 16, mainSpace: "acmeMarketing" },
  { persona: "umaUnlimited", installedDaysAgo: 90, mainSpace: "acmeMarketing" },
  { persona: "gusGmail", installedDaysAgo: 200, mainSpace: "acmeMarketing", isPersonal: true },
  { persona: "stella", installedDaysAgo: 400, mainSpace: "fernStudio" },
  { persona: "arlo", installedDaysAgo: 380, mainSpace: "fernStudio" },
  { persona: "maya", installedDaysAgo: 120, mainSpace: "fernStudio" },
  { persona: "finn", installedDaysAgo: 300, mainSpace: "fernStudio" },
  { persona: "fay", installedDaysAgo: 60, mainSpace: "fernStudio" },
  { persona: "flo", installedDaysAgo: 45, mainSpace: "fernStudio" },
  { persona: "tess", installedDaysAgo: 200, mainSpace: "relayOne" },
  { persona: "rory", installedDaysAgo: 150, mainSpace: "relayOne" },
  { persona: "hugoHart", installedDaysAgo: 180, mainSpace: "bigco" },
  { persona: "hanaHolt", installedDaysAgo: 260, mainSpace: "bigcoLabs" },
  { persona: "dana", installedDaysAgo: 150, mainSpace: "fernStudio" },
  { persona: "drew", installedDaysAgo: 140, mainSpace: "fernStudio" },
];

export interface SeedMember {
  persona: PersonaKey;
  role: Role;
  userPlan: UserPlan;
  status?: "ACTIVE" | "DISABLED" | "FREE_TRIAL";
  /** FREE_TRIAL: days until the trial ends, or null for a trial without end (-1). */
  trialEndsInDays?: number | null;
  /** Moves to the FREE user plan at the next renewal. */
  scheduledDowngrade?: boolean;
}

/** A space's subscription (001 §3): its seat plans (per-user: the paid users), and a seat removal scheduled at renewal. */
export interface SeedSubscription {
  id: string;
  billingInterval: "MONTHLY" | "YEARLY";
  renewsInDays: number;
  seatPlans: Array<{ paymentPlanId: string; userPlan: UserPlan; totalSeats: number }>;
  scheduledRemoval?: { paymentPlanId: string; targetSeatsQuantity: number };
}

export interface SeedSpace {
  space: SpaceKey;
  plan: WorkspacePlan;
  legacyType?: LegacyType;
  paymentSource?: PaymentSource;
  isPerSeat: boolean;
  domains: string[];
  createdDaysAgo: number;
  restricted?: RestrictionKey[];
  members: SeedMember[];
  subscription?: SeedSubscription;
}

export const SEED_SPACES: SeedSpace[] = [
  {
    // Per-seat Pro space with members in every state: 7 paid on 10 seats (plus one pending added member,
    // seed/invitations.ts) and a Gmail seat, free, disabled, two trials, one paid member downgraded at renewal.
    space: "acmeMarketing",
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: true,
    domains: ["acme.test"],
    createdDaysAgo: 730,
    subscription: {
      id: "sub_acme_marketing",
      billingInterval: "YEARLY",
      renewsInDays: 215,
      seatPlans: [
        { paymentPlanId: "pro-yearly-usd", userPlan: "PRO", totalSeats: 10 },
        { paymentPlanId: "pro-personal-yearly-usd", userPlan: "PRO_PERSONAL", totalSeats: 1 },
      ],
    },
    members: [
      { persona: "owner", role: "OWNER", userPlan: "PRO" },
      { persona: "admin", role: "ADMIN", userPlan: "PRO" },
      { persona: "benBaker", role: "MEMBER", userPlan: "PRO" },
      { persona: "carlaDiaz", role: "MEMBER", userPlan: "PRO" },
      { persona: "eliFischer", role: "MEMBER", userPlan: "PRO" },
      { persona: "graceHall", role: "MEMBER", userPlan: "PRO" },
      { persona: "ivanJones", role: "MEMBER", userPlan: "PRO", scheduledDowngrade: true },
      { persona: "member", role: "MEMBER", userPlan: "FREE" },
      { persona: "disabled", role: "MEMBER", userPlan: "FREE", status: "DISABLED" },
      { persona: "taraTrial", role: "MEMBER", userPlan: "PRO", status: "FREE_TRIAL", trialEndsInDays: 12 },
      { persona: "umaUnlimited", role: "MEMBER", userPlan: "PRO", status: "FREE_TRIAL", trialEndsInDays: null },
      { persona: "gusGmail", role: "MEMBER", userPlan: "PRO_PERSONAL" },
    ],
  },
  {
    space: "acmeSales",
    plan: "FREE",
    isPerSeat: true,
    domains: ["acme.test"],
    createdDaysAgo: 560,
    members: [
      { persona: "salesLead", role: "OWNER", userPlan: "FREE" },
      { persona: "owner", role: "MEMBER", userPlan: "FREE" },
    ],
  },
  {
    space: "samsSpace",
    plan: "FREE",
    isPerSeat: true,
    domains: [],
    createdDaysAgo: 12,
    members: [{ persona: "solo", role: "OWNER", userPlan: "FREE" }],
  },
  {
    // Legacy Team licence paid through PayPal; the one space with a restriction on.
    space: "oldcoTeam",
    plan: "LEGACY",
    legacyType: "TEAM",
    paymentSource: "PAYPAL",
    isPerSeat: false,
    domains: ["oldco.test"],
    createdDaysAgo: 1900,
    restricted: ["SHARED_BOUNCES"],
    members: [
      { persona: "legacy", role: "OWNER", userPlan: "PRO" },
      { persona: "petePark", role: "ADMIN", userPlan: "PRO" },
      { persona: "olgaOrtiz", role: "MEMBER", userPlan: "PRO" },
    ],
  },
  {
    // Premium in the older per-user mode: admins share billing access with the owner. Two free members:
    // Hugo may be made paid, Hana may not (she is paid in Bigco Labs).
    space: "bigco",
    plan: "PREMIUM",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["bigco.test"],
    createdDaysAgo: 900,
    subscription: {
      id: "sub_bigco",
      billingInterval: "YEARLY",
      renewsInDays: 140,
      seatPlans: [{ paymentPlanId: "premium-yearly-usd", userPlan: "PRO", totalSeats: 4 }],
    },
    members: [
      { persona: "premium", role: "OWNER", userPlan: "PRO" },
      { persona: "noahNguyen", role: "ADMIN", userPlan: "PRO" },
      { persona: "emmaEvans", role: "MEMBER", userPlan: "PRO" },
      { persona: "liamLopez", role: "MEMBER", userPlan: "PRO" },
      { persona: "hugoHart", role: "MEMBER", userPlan: "FREE" },
      { persona: "hanaHolt", role: "MEMBER", userPlan: "FREE" },
    ],
  },
  {
    // Hana's own per-user Pro space: she is a paid user here, so Bigco cannot make her paid (already_paid_user).
    space: "bigcoLabs",
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["bigco.test"],
    createdDaysAgo: 300,
    members: [{ persona: "hanaHolt", role: "OWNER", userPlan: "PRO" }],
  },
  {
    // A second per-seat Pro space, paying monthly for 5 seats, with a removal down to 3 seats at renewal.
    space: "fernStudio",
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: true,
    domains: ["fernstudio.test"],
    createdDaysAgo: 420,
    subscription: {
      id: "sub_fern_studio",
      billingInterval: "MONTHLY",
      renewsInDays: 20,
      seatPlans: [{ paymentPlanId: "pro-monthly-usd", userPlan: "PRO", totalSeats: 5 }],
      scheduledRemoval: { paymentPlanId: "pro-monthly-usd", targetSeatsQuantity: 3 },
    },
    members: [
      { persona: "stella", role: "OWNER", userPlan: "PRO" },
      { persona: "arlo", role: "ADMIN", userPlan: "PRO" },
      { persona: "maya", role: "MEMBER", userPlan: "FREE" },
      // A second admin (free: no seat) and two free members the browser tests remove, one per run.
      { persona: "finn", role: "ADMIN", userPlan: "FREE" },
      { persona: "fay", role: "MEMBER", userPlan: "FREE" },
      { persona: "flo", role: "MEMBER", userPlan: "FREE" },
      // Two disabled free members the browser tests activate, one per run.
      { persona: "dana", role: "MEMBER", userPlan: "FREE", status: "DISABLED" },
      { persona: "drew", role: "MEMBER", userPlan: "FREE", status: "DISABLED" },
    ],
  },
  // Two Pro spaces whose owner hands them over in the browser tests (one per run): Rory is the candidate.
  ...(["relayOne", "relayTwo"] as const).map((space): SeedSpace => ({
    space,
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["relay.test"],
    createdDaysAgo: 210,
    members: [
      { persona: "tess", role: "OWNER", userPlan: "PRO" },
      { persona: "rory", role: "MEMBER", userPlan: "PRO" },
    ],
  })),
];
