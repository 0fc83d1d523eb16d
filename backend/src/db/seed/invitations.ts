import { createHmac, randomBytes } from "node:crypto";
import type { InvitationStatus, UserPlan } from "../../domain/enums";
import { insertInvitation, INVITATION_LIFETIME_MS } from "../../store/invitations";
import type { BackendDb } from "../connection";
import { NEWCOMER_EMAIL, NINA_EMAIL, PERSONAS, SPACES, type PersonaKey, type SpaceKey } from "./personas";

const DAY_MS = 86_400_000;

/**
 * Seeded invite links, one per outcome of accepting
 * (`PUT /api/v1/invitations/{token}/accept`), for tests and demos. Their
 * tokens are as unguessable as real ones (192 bits): derived from a random
 * secret made at seeding time (`seedInvitationTokens`, `npm run invite-links`).
 */
export const SEEDED_INVITATIONS = {
  /** solo@gmail.com to Acme Marketing, pending: accepting succeeds. */
  soloToAcmeMarketing: "solo-to-acme-marketing",
  /** solo@gmail.com to Oldco Team, expired: 409 invitation_is_not_active. */
  soloExpired: "solo-expired",
  /** solo@gmail.com to Bigco, cancelled: 409 invitation_is_not_active. */
  soloCancelled: "solo-cancelled",
  /** admin@acme.test to Bigco, pending: anyone else gets 403. */
  adminToBigco: "admin-to-bigco",
  /** owner@acme.test to Acme Sales, where he already is a member: 409 user_already_exists. */
  ownerToAcmeSales: "owner-to-acme-sales",
  /** newcomer@startup.test (no user yet) to Acme Sales, pending: 404 until the newcomer signs up. */
  newcomerToAcmeSales: "newcomer-to-acme-sales",
  /** nina.new@acme.test (no user yet) added to Acme Marketing on a paid seat, pending. */
  ninaToAcmeMarketing: "nina-to-acme-marketing",
} as const;
export type SeededInvitationKey = keyof typeof SEEDED_INVITATIONS;

function tokenFor(secret: string, key: SeededInvitationKey) {
  return createHmac("sha256", secret).update(SEEDED_INVITATIONS[key]).digest("base64url").slice(0, 32);
}

/** The seeded invite links' tokens, for tests and `npm run invite-links`. */
export async function seedInvitationTokens(db: BackendDb): Promise<Record<SeededInvitationKey, string>> {
  const { value } = await db.selectFrom("seed_secret").select("value").executeTakeFirstOrThrow();
  const keys = Object.keys(SEEDED_INVITATIONS) as SeededInvitationKey[];
  return Object.fromEntries(keys.map((key) => [key, tokenFor(value, key)])) as Record<SeededInvitationKey, string>;
}

interface SeedInvitation {
  key: SeededInvitationKey;
  space: SpaceKey;
  invitedEmail: string;
  invitedBy: PersonaKey;
  status: InvitationStatus;
  createdDaysAgo: number;
  /** The plan the invitee joins on: PRO for a member added on a seat; default FREE. */
  userPlan?: UserPlan;
}

export const SEED_INVITATIONS: readonly SeedInvitation[] = [
  {
    key: "soloToAcmeMarketing",
    space: "acmeMarketing",
    invitedEmail: PERSONAS.solo.email,
    invitedBy: "owner",
    status: "PENDING",
    createdDaysAgo: 0,
  },
  {
    key: "soloExpired",
    space: "oldcoTeam",
    invitedEmail: PERSONAS.solo.email,
    invitedBy: "legacy",
    status: "EXPIRED",
    createdDaysAgo: 45,
  },
  {
    key: "soloCancelled",
    space: "bigco",
    invitedEmail: PERSONAS.solo.email,
    invitedBy: "premium",
    status: "CANCELLED",
    createdDaysAgo: 10,
  },
  {
    key: "adminToBigco",
    space: "bigco",
    invitedEmail: PERSONAS.admin.email,
    invitedBy: "premium",
    status: "PENDING",
    createdDaysAgo: 0,
  },
  {
    key: "ownerToAcmeSales",
    space: "acmeSales",
    invitedEmail: PERSONAS.owner.email,
    invitedBy: "salesLead",
    status: "PENDING",
    createdDaysAgo: 0,
  },
  {
    key: "newcomerToAcmeSales",
    space: "acmeSales",
    invitedEmail: NEWCOMER_EMAIL,
    invitedBy: "salesLead",
    status: "PENDING",
    createdDaysAgo: 0,
  },
  {
    key: "ninaToAcmeMarketing",
    space: "acmeMarketing",
    invitedEmail: NINA_EMAIL,
    invitedBy: "admin",
    status: "PENDING",
    createdDaysAgo: 3,
    userPlan: "PRO",
  },
];

export async function seedInvitations(db: BackendDb, now: number): Promise<void> {
  const secret = randomBytes(32).toString("base64url");
  await db.insertInto("seed_secret").values({ id: 1, value: secret }).execute();
  for (const invitation of SEED_INVITATIONS) {
    const createdAt = now - invitation.createdDaysAgo * DAY_MS;
    await insertInvitation(db, {
      token: tokenFor(secret, invitation.key),
      workspaceId: SPACES[invitation.space].id,
      invitedEmail: invitation.invitedEmail,
      invitedByUserId: PERSONAS[invitation.invitedBy].id,
      userPlan: invitation.userPlan,
      status: invitation.status,
      createdAt,
      expiresAt: createdAt + INVITATION_LIFETIME_MS,
    });
  }
}
