import type {
  BillingInterval,
  LegacyType,
  LegalEntity,
  PaymentSource,
  Role,
  UserPlan,
  WorkspacePlan,
} from "../../domain/enums";
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
  pineLabs: { id: "5100000000000010", name: "Pine Labs", slug: "pine-labs" },
  quillCo: { id: "5100000000000011", name: "Quill Co", slug: "quill-co" },
  harbor: { id: "5100000000000012", name: "Harbor", slug: "harbor" },
  kilnWorks: { id: "5100000000000013", name: "Kiln Works", slug: "kiln-works" },
  lumenGmbh: { id: "5100000000000014", name: "Lumen GmbH", slug: "lumen-gmbh" },
  mapleMedia: { id: "5100000000000015", name: "Maple Media", slug: "maple-media" },
  cedarMedia: { id: "5100000000000016", name: "Cedar Media", slug: "cedar-media" },
  birchWorks: { id: "5100000000000017", name: "Birch Works", slug: "birch-works" },
  aspenWorks: { id: "5100000000000018", name: "Aspen Works", slug: "aspen-works" },
  tidalOne: { id: "5100000000000019", name: "Tidal One", slug: "tidal-one" },
  tidalTwo: { id: "5100000000000020", name: "Tidal Two", slug: "tidal-two" },
  deltaGroup: { id: "5100000000000021", name: "Delta Group", slug: "delta-group" },
  ghentTeam: { id: "5100000000000022", name: "Ghent Team", slug: "ghent-team" },
  willowCo: { id: "5100000000000023", name: "Willow Co", slug: "willow-co" },
  juniperCo: { id: "5100000000000024", name: "Juniper Co", slug: "juniper-co" },
  oldcoTwo: { id: "5100000000000025", name: "Oldco Two", slug: "oldco-two" },
  oldcoThree: { id: "5100000000000026", name: "Oldco Three", slug: "oldco-three" },
  bigcoWest: { id: "5100000000000027", name: "Bigco West", slug: "bigco-west" },
  pineTwo: { id: "5100000000000028", name: "Pine Two", slug: "pine-two" },
  pineThree: { id: "5100000000000029", name: "Pine Three", slug: "pine-three" },
  quillTwo: { id: "5100000000000030", name: "Quill Two", slug: "quill-two" },
  quillThree: { id: "5100000000000031", name: "Quill Three", slug: "quill-three" },
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
  pia: { id: "6100000000000034", email: "pia@pinelabs.test", name: "Pia Pine" },
  paul: { id: "6100000000000035", email: "paul@pinelabs.test", name: "Paul Pike" },
  quinn: { id: "6100000000000036", email: "quinn@quill.test", name: "Quinn Quill" },
  quentin: { id: "6100000000000037", email: "quentin@quill.test", name: "Quentin Quade" },
  hal: { id: "6100000000000038", email: "hal@harbor.test", name: "Hal Harbor" },
  kai: { id: "6100000000000039", email: "kai@kiln.test", name: "Kai Kiln" },
  lena: { id: "6100000000000040", email: "lena@lumen.test", name: "Lena Lumen" },
  lukas: { id: "6100000000000041", email: "lukas@lumen.test", name: "Lukas Lumen" },
  mona: { id: "6100000000000042", email: "mona@media.test", name: "Mona Media" },
  mel: { id: "6100000000000043", email: "mel@media.test", name: "Mel Media" },
  mick: { id: "6100000000000044", email: "mick@media.test", name: "Mick Media" },
  bea: { id: "6100000000000045", email: "bea@birch.test", name: "Bea Birch" },
  ava: { id: "6100000000000046", email: "ava@aspen.test", name: "Ava Aspen" },
  tia: { id: "6100000000000047", email: "tia@tidal.test", name: "Tia Tide" },
  ted: { id: "6100000000000048", email: "ted@tidal.test", name: "Ted Tide" },
  ginaGmail: { id: "6100000000000049", email: "gina.gmail@gmail.com", name: "Gina Gomez" },
  gabeGmail: { id: "6100000000000050", email: "gabe.gmail@gmail.com", name: "Gabe Garcia" },
  dora: { id: "6100000000000051", email: "dora@delta.test", name: "Dora Delgado" },
  dev: { id: "6100000000000052", email: "dev@delta.test", name: "Dev Desai" },
  elke: { id: "6100000000000053", email: "elke@delta-eu.test", name: "Elke Ebert" },
  gert: { id: "6100000000000054", email: "gert@ghent.test", name: "Gert Goossens" },
  greet: { id: "6100000000000055", email: "greet@ghent.test", name: "Greet Geerts" },
  gust: { id: "6100000000000056", email: "gust@ghent.test", name: "Gust Govaerts" },
  wren: { id: "6100000000000057", email: "wren@willow.test", name: "Wren Wood" },
  will: { id: "6100000000000058", email: "will@willow.test", name: "Will Ward" },
  wes: { id: "6100000000000059", email: "wes@willow.test", name: "Wes West" },
  june: { id: "6100000000000060", email: "june@juniper.test", name: "June Juniper" },
  jack: { id: "6100000000000061", email: "jack@juniper.test", name: "Jack Jensen" },
  jillGmail: { id: "6100000000000062", email: "jill.gmail@gmail.com", name: "Jill Gill" },
  ottoOlsen: { id: "6100000000000063", email: "otto.olsen@oldco.test", name: "Otto Olsen" },
  orlaOwens: { id: "6100000000000064", email: "orla.owens@oldco.test", name: "Orla Owens" },
  oscarOakes: { id: "6100000000000065", email: "oscar.oakes@oldco.test", name: "Oscar Oakes" },
  opalOrr: { id: "6100000000000066", email: "opal.orr@oldco.test", name: "Opal Orr" },
  noraNorth: { id: "6100000000000067", email: "nora.north@bigco.test", name: "Nora North" },
  gemmaGmail: { id: "6100000000000068", email: "gemma.gmail@gmail.com", name: "Gemma Grant" },
  gilGmail: { id: "6100000000000069", email: "gil.gmail@gmail.com", name: "Gil Gray" },
} as const;
export type PersonaKey = keyof typeof PERSONAS;

/** Has signed in with Google but has no user: the sign-up and no-user paths. */
export const NEWCOMER_EMAIL = "newcomer@startup.test";

/** Added to Acme Marketing on a paid seat and not joined yet: a pending member with no user. */
export const NINA_EMAIL = "nina.new@acme.test";

/** Stripe's test cards (ARCHITECTURE.md, Local stand-ins). */
export const CARDS = {
  pays: "4242424242424242",
  needsAuthentication: "4000002760003184",
  declined: "4000000000000341",
} as const;

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
  { persona: "pia", installedDaysAgo: 330, mainSpace: "pineLabs" },
  { persona: "paul", installedDaysAgo: 310, mainSpace: "pineLabs" },
  { persona: "quinn", installedDaysAgo: 500, mainSpace: "quillCo" },
  { persona: "quentin", installedDaysAgo: 470, mainSpace: "quillCo" },
  { persona: "hal", installedDaysAgo: 420, mainSpace: "harbor" },
  { persona: "kai", installedDaysAgo: 250, mainSpace: "kilnWorks" },
  { persona: "lena", installedDaysAgo: 280, mainSpace: "lumenGmbh" },
  { persona: "lukas", installedDaysAgo: 260, mainSpace: "lumenGmbh" },
  { persona: "mona", installedDaysAgo: 240, mainSpace: "mapleMedia" },
  { persona: "mel", installedDaysAgo: 230, mainSpace: "mapleMedia" },
  { persona: "mick", installedDaysAgo: 220, mainSpace: "mapleMedia" },
  { persona: "bea", installedDaysAgo: 30, mainSpace: "birchWorks" },
  { persona: "ava", installedDaysAgo: 25, mainSpace: "aspenWorks" },
  { persona: "tia", installedDaysAgo: 190, mainSpace: "tidalOne" },
  { persona: "ted", installedDaysAgo: 180, mainSpace: "tidalOne" },
  { persona: "ginaGmail", installedDaysAgo: 300, mainSpace: "bigco", isPersonal: true },
  { persona: "gabeGmail", installedDaysAgo: 120, mainSpace: "bigco", isPersonal: true },
  { persona: "dora", installedDaysAgo: 420, mainSpace: "deltaGroup" },
  { persona: "dev", installedDaysAgo: 400, mainSpace: "deltaGroup" },
  { persona: "elke", installedDaysAgo: 90, mainSpace: "deltaGroup" },
  { persona: "gert", installedDaysAgo: 1700, mainSpace: "ghentTeam" },
  { persona: "greet", installedDaysAgo: 1400, mainSpace: "ghentTeam" },
  { persona: "gust", installedDaysAgo: 1100, mainSpace: "ghentTeam" },
  { persona: "wren", installedDaysAgo: 350, mainSpace: "willowCo" },
  { persona: "will", installedDaysAgo: 330, mainSpace: "willowCo" },
  { persona: "wes", installedDaysAgo: 60, mainSpace: "willowCo" },
  { persona: "june", installedDaysAgo: 40, mainSpace: "juniperCo" },
  { persona: "jack", installedDaysAgo: 35, mainSpace: "juniperCo" },
  { persona: "jillGmail", installedDaysAgo: 30, mainSpace: "juniperCo", isPersonal: true },
  { persona: "ottoOlsen", installedDaysAgo: 1200, mainSpace: "oldcoTwo" },
  { persona: "orlaOwens", installedDaysAgo: 900, mainSpace: "oldcoTwo" },
  { persona: "oscarOakes", installedDaysAgo: 1150, mainSpace: "oldcoThree" },
  { persona: "opalOrr", installedDaysAgo: 850, mainSpace: "oldcoThree" },
  { persona: "noraNorth", installedDaysAgo: 380, mainSpace: "bigcoWest" },
  { persona: "gemmaGmail", installedDaysAgo: 240, mainSpace: "bigcoWest", isPersonal: true },
  { persona: "gilGmail", installedDaysAgo: 110, mainSpace: "bigcoWest", isPersonal: true },
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

/**
 * A space's subscription (001 §3): its seat plans (per-user: the paid users,
 * per-seat: the seats bought), the end of its period, and a change planned
 * at period end through a Stripe schedule: a seat removal or a billing-cycle
 * change. Paid through Stripe unless the space's payment source says
 * otherwise; `db/seed/stripe-account.ts` gives the local Stripe the same
 * customers and subscriptions.
 */
export interface SeedSubscription {
  id: string;
  billingInterval: BillingInterval;
  /** Negative: ended that many days ago (a cancelled subscription). */
  renewsInDays: number;
  seatPlans: Array<{ paymentPlanId: string; userPlan: UserPlan; totalSeats: number }>;
  scheduledRemoval?: { paymentPlanId: string; targetSeatsQuantity: number };
  /** The price the schedule moves every seat plan to at period end. */
  scheduledIntervalChange?: { billingInterval: BillingInterval };
  stripe?: SeedStripeFacts;
  /** Who sold it; default US (some legacy licences were sold by the Belgian entity). */
  legalEntity?: LegalEntity;
}

/** What Stripe knows of a seeded subscription (its coupon follows from the seat total, 001 §9). */
export interface SeedStripeFacts {
  /** past_due: a payment failed but the subscription is still active (ACTIVE here). */
  status: "active" | "past_due" | "canceled";
  latestInvoice: "paid" | "requires_payment_method" | "requires_action";
  /** The customer's default card, a Stripe test number; none: only the portal can add one. */
  card?: string;
  /** ISO 3166 alpha-2; default US. */
  country?: string;
  /** VAT charged on a euro subscription, in percent. */
  taxRate?: number;
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
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays },
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
    // The US entity's PayPal licence for a team of 5 (legacy@oldco.test's licence): a checkout replaces it.
    subscription: {
      id: "I-7K2M9X4QHB3N",
      billingInterval: "YEARLY",
      renewsInDays: 200,
      seatPlans: [{ paymentPlanId: "team-5-yearly-usd", userPlan: "PRO", totalSeats: 1 }],
    },
    members: [
      { persona: "legacy", role: "OWNER", userPlan: "PRO" },
      { persona: "petePark", role: "ADMIN", userPlan: "PRO" },
      { persona: "olgaOrtiz", role: "MEMBER", userPlan: "PRO" },
    ],
  },
  {
    // Premium in the older per-user mode: admins share billing access with the owner. Four paid domain users
    // and a paid Gmail user (Gina, on the Gmail Pro price); free ones: Hugo may be made paid, Hana may not (she
    // is paid in Bigco Labs), Gabe is a Gmail user.
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
      seatPlans: [
        { paymentPlanId: "premium-yearly-usd", userPlan: "PRO", totalSeats: 4 },
        { paymentPlanId: "pro-personal-yearly-usd", userPlan: "PRO_PERSONAL", totalSeats: 1 },
      ],
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays },
    },
    members: [
      { persona: "premium", role: "OWNER", userPlan: "PRO" },
      { persona: "noahNguyen", role: "ADMIN", userPlan: "PRO" },
      { persona: "emmaEvans", role: "MEMBER", userPlan: "PRO" },
      { persona: "liamLopez", role: "MEMBER", userPlan: "PRO" },
      { persona: "ginaGmail", role: "MEMBER", userPlan: "PRO_PERSONAL" },
      { persona: "hugoHart", role: "MEMBER", userPlan: "FREE" },
      { persona: "hanaHolt", role: "MEMBER", userPlan: "FREE" },
      { persona: "gabeGmail", role: "MEMBER", userPlan: "FREE" },
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
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays },
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
  // Per-seat Pro whose last payment failed: Stripe says past_due, the space stays PRO (the "failed" alert).
  // Its twins, owned by Pia alone, are where the browser tests pay the open invoice (one per test project).
  ...(["pineLabs", "pineTwo", "pineThree"] as const).map((space): SeedSpace => ({
    space,
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: true,
    domains: ["pinelabs.test"],
    createdDaysAgo: 340,
    subscription: {
      id: `sub_${SPACES[space].slug.replaceAll("-", "_")}`,
      billingInterval: "YEARLY",
      renewsInDays: 362,
      seatPlans: [{ paymentPlanId: "pro-yearly-usd", userPlan: "PRO", totalSeats: 3 }],
      stripe: { status: "past_due", latestInvoice: "requires_payment_method", card: CARDS.declined },
    },
    members:
      space === "pineLabs"
        ? [
            { persona: "pia", role: "OWNER", userPlan: "PRO" },
            { persona: "paul", role: "ADMIN", userPlan: "PRO" },
          ]
        : [{ persona: "pia", role: "OWNER", userPlan: "PRO" }],
  })),
  // Per-user Pro whose last invoice waits for the card's authentication (the "requires confirmation" alert).
  // Its twins, owned by Quinn alone, are where the browser tests confirm the payment (one per test project).
  ...(["quillCo", "quillTwo", "quillThree"] as const).map((space): SeedSpace => ({
    space,
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["quill.test"],
    createdDaysAgo: 510,
    subscription: {
      id: `sub_${SPACES[space].slug.replaceAll("-", "_")}`,
      billingInterval: "YEARLY",
      renewsInDays: 360,
      seatPlans: [{ paymentPlanId: "pro-yearly-usd", userPlan: "PRO", totalSeats: space === "quillCo" ? 2 : 1 }],
      stripe: { status: "active", latestInvoice: "requires_action", card: CARDS.needsAuthentication },
    },
    members:
      space === "quillCo"
        ? [
            { persona: "quinn", role: "OWNER", userPlan: "PRO" },
            { persona: "quentin", role: "ADMIN", userPlan: "PRO" },
          ]
        : [{ persona: "quinn", role: "OWNER", userPlan: "PRO" }],
  })),
  {
    // Back to FREE after every payment attempt failed: the cancelled subscription ("All payment attempts failed").
    space: "harbor",
    plan: "FREE",
    isPerSeat: true,
    domains: ["harbor.test"],
    createdDaysAgo: 430,
    subscription: {
      id: "sub_harbor",
      billingInterval: "YEARLY",
      renewsInDays: -14,
      seatPlans: [{ paymentPlanId: "pro-yearly-usd", userPlan: "PRO", totalSeats: 2 }],
      stripe: { status: "canceled", latestInvoice: "requires_payment_method", card: CARDS.declined },
    },
    members: [{ persona: "hal", role: "OWNER", userPlan: "FREE" }],
  },
  {
    // Per-seat Pro paid offline (by invoice, outside Stripe): no portal, no Stripe objects.
    space: "kilnWorks",
    plan: "PRO",
    paymentSource: "OFFLINE",
    isPerSeat: true,
    domains: ["kiln.test"],
    createdDaysAgo: 260,
    subscription: {
      id: "offline_kiln_works",
      billingInterval: "YEARLY",
      renewsInDays: 120,
      seatPlans: [{ paymentPlanId: "pro-yearly-usd", userPlan: "PRO", totalSeats: 5 }],
    },
    members: [{ persona: "kai", role: "OWNER", userPlan: "PRO" }],
  },
  {
    // Per-seat Pro in euros from Germany: 19 % VAT and the 5SEATS coupon.
    space: "lumenGmbh",
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: true,
    domains: ["lumen.test"],
    createdDaysAgo: 290,
    subscription: {
      id: "sub_lumen_gmbh",
      billingInterval: "YEARLY",
      renewsInDays: 250,
      seatPlans: [{ paymentPlanId: "pro-yearly-eur", userPlan: "PRO", totalSeats: 5 }],
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays, country: "DE", taxRate: 19 },
    },
    members: [
      { persona: "lena", role: "OWNER", userPlan: "PRO" },
      { persona: "lukas", role: "MEMBER", userPlan: "PRO" },
    ],
  },
  // Two per-seat Pro spaces where the browser tests add and remove seats (one space per test project).
  ...(["mapleMedia", "cedarMedia"] as const).map((space): SeedSpace => ({
    space,
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: true,
    domains: ["media.test"],
    createdDaysAgo: 250,
    subscription: {
      id: space === "mapleMedia" ? "sub_maple_media" : "sub_cedar_media",
      billingInterval: "YEARLY",
      renewsInDays: 200,
      seatPlans: [{ paymentPlanId: "pro-yearly-usd", userPlan: "PRO", totalSeats: 4 }],
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays },
    },
    members: [
      { persona: "mona", role: "OWNER", userPlan: "PRO" },
      { persona: "mel", role: "MEMBER", userPlan: "PRO" },
      { persona: "mick", role: "MEMBER", userPlan: "FREE" },
    ],
  })),
  // Two free per-seat spaces without subscription, where the browser tests buy seats (one per test project).
  {
    space: "birchWorks",
    plan: "FREE",
    isPerSeat: true,
    domains: ["birch.test"],
    createdDaysAgo: 30,
    members: [{ persona: "bea", role: "OWNER", userPlan: "FREE" }],
  },
  {
    space: "aspenWorks",
    plan: "FREE",
    isPerSeat: true,
    domains: ["aspen.test"],
    createdDaysAgo: 25,
    members: [{ persona: "ava", role: "OWNER", userPlan: "FREE" }],
  },
  // Two per-user Pro spaces moving from yearly to monthly billing at period end (a Stripe schedule), which
  // the browser tests cancel (one space per test project).
  ...(["tidalOne", "tidalTwo"] as const).map((space): SeedSpace => ({
    space,
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["tidal.test"],
    createdDaysAgo: 200,
    subscription: {
      id: space === "tidalOne" ? "sub_tidal_one" : "sub_tidal_two",
      billingInterval: "YEARLY",
      renewsInDays: 90,
      seatPlans: [{ paymentPlanId: "pro-yearly-usd", userPlan: "PRO", totalSeats: 2 }],
      scheduledIntervalChange: { billingInterval: "MONTHLY" },
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays },
    },
    members: [
      { persona: "tia", role: "OWNER", userPlan: "PRO" },
      { persona: "ted", role: "MEMBER", userPlan: "PRO" },
    ],
  })),
  {
    // Per-user Pro with users of two domains (Elke is on delta-eu.test): any change on Pro is refused
    // (multiple_domains, the cannot-downgrade screen); Premium is allowed.
    space: "deltaGroup",
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["delta.test", "delta-eu.test"],
    createdDaysAgo: 430,
    subscription: {
      id: "sub_delta_group",
      billingInterval: "YEARLY",
      renewsInDays: 180,
      seatPlans: [{ paymentPlanId: "pro-yearly-usd", userPlan: "PRO", totalSeats: 2 }],
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays },
    },
    members: [
      { persona: "dora", role: "OWNER", userPlan: "PRO" },
      { persona: "dev", role: "MEMBER", userPlan: "PRO" },
      { persona: "elke", role: "MEMBER", userPlan: "FREE" },
    ],
  },
  {
    // A legacy team licence the Belgian entity sold through Stripe, in euros with Belgian VAT: replaced in place
    // by the per-user update (UPGRADE_LEGACY_BE).
    space: "ghentTeam",
    plan: "LEGACY",
    legacyType: "TEAM",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["ghent.test"],
    createdDaysAgo: 1750,
    subscription: {
      id: "sub_ghent_team",
      billingInterval: "YEARLY",
      renewsInDays: 160,
      seatPlans: [{ paymentPlanId: "team-5-yearly-eur", userPlan: "PRO", totalSeats: 1 }],
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays, country: "BE", taxRate: 21 },
      legalEntity: "BE",
    },
    members: [
      { persona: "gert", role: "OWNER", userPlan: "PRO" },
      { persona: "greet", role: "ADMIN", userPlan: "PRO" },
      { persona: "gust", role: "MEMBER", userPlan: "PRO" },
    ],
  },
  {
    // Per-user Pro paying monthly, moving to yearly billing at period end (a Stripe schedule): a billing-cycle
    // change is refused until then (cannot-change-billing-cycle-when-scheduled); Wes is free.
    space: "willowCo",
    plan: "PRO",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["willow.test"],
    createdDaysAgo: 360,
    subscription: {
      id: "sub_willow_co",
      billingInterval: "MONTHLY",
      renewsInDays: 12,
      seatPlans: [{ paymentPlanId: "pro-monthly-usd", userPlan: "PRO", totalSeats: 2 }],
      scheduledIntervalChange: { billingInterval: "YEARLY" },
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays },
    },
    members: [
      { persona: "wren", role: "OWNER", userPlan: "PRO" },
      { persona: "will", role: "MEMBER", userPlan: "PRO" },
      { persona: "wes", role: "MEMBER", userPlan: "FREE" },
    ],
  },
  {
    // A free per-user space that buys paid users (the PURCHASE flow): two domain users and a Gmail user.
    space: "juniperCo",
    plan: "FREE",
    isPerSeat: false,
    domains: ["juniper.test"],
    createdDaysAgo: 45,
    members: [
      { persona: "june", role: "OWNER", userPlan: "FREE" },
      { persona: "jack", role: "MEMBER", userPlan: "FREE" },
      { persona: "jillGmail", role: "MEMBER", userPlan: "FREE" },
    ],
  },
  // Two more US Team licences paid through PayPal, owned by legacy@oldco.test, which the browser tests replace
  // by a purchase through the hosted Checkout (one space per test project; Oldco Team stays a legacy team).
  // Not legacy@oldco.test's own licence (users.license): each has an admin and a member of its own.
  ...(
    [
      ["oldcoTwo", "I-3T8W5ZQ2LD7C", "ottoOlsen", "orlaOwens"],
      ["oldcoThree", "I-9H4R6P1VXM2E", "oscarOakes", "opalOrr"],
    ] as const
  ).map(([space, licence, admin, member]): SeedSpace => ({
    space,
    plan: "LEGACY",
    legacyType: "TEAM",
    paymentSource: "PAYPAL",
    isPerSeat: false,
    domains: ["oldco.test"],
    createdDaysAgo: 1300,
    subscription: {
      id: licence,
      billingInterval: "YEARLY",
      renewsInDays: 230,
      seatPlans: [{ paymentPlanId: "team-5-yearly-usd", userPlan: "PRO", totalSeats: 1 }],
    },
    members: [
      { persona: "legacy", role: "OWNER", userPlan: "PRO" },
      { persona: admin, role: "ADMIN", userPlan: "PRO" },
      { persona: member, role: "MEMBER", userPlan: "PRO" },
    ],
  })),
  {
    // Bigco's twin for the other browser-test project (both change their space's paid users and billing cycle):
    // Premium per-user, yearly, with a paid domain user, a paid Gmail user and a free Gmail user of its own.
    space: "bigcoWest",
    plan: "PREMIUM",
    paymentSource: "STRIPE",
    isPerSeat: false,
    domains: ["bigco.test"],
    createdDaysAgo: 400,
    subscription: {
      id: "sub_bigco_west",
      billingInterval: "YEARLY",
      renewsInDays: 150,
      seatPlans: [
        { paymentPlanId: "premium-yearly-usd", userPlan: "PRO", totalSeats: 2 },
        { paymentPlanId: "pro-personal-yearly-usd", userPlan: "PRO_PERSONAL", totalSeats: 1 },
      ],
      stripe: { status: "active", latestInvoice: "paid", card: CARDS.pays },
    },
    members: [
      { persona: "premium", role: "OWNER", userPlan: "PRO" },
      { persona: "noraNorth", role: "MEMBER", userPlan: "PRO" },
      { persona: "gemmaGmail", role: "MEMBER", userPlan: "PRO_PERSONAL" },
      { persona: "gilGmail", role: "MEMBER", userPlan: "FREE" },
    ],
  },
];
