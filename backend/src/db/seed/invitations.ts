import type { InvitationStatus } from "../../domain/enums";
import { insertInvitation, INVITATION_LIFETIME_MS } from "../../store/invitations";
import type { BackendDb } from "../connection";
import { NEWCOMER_EMAIL, PERSONAS, SPACES, type PersonaKey, type SpaceKey } from "./personas";

const DAY_MS = 86_400_000;

/**
 * Invite links with stable tokens, one per outcome of accepting
 * (`PUT /api/v1/invitations/{token}/accept`), for tests and demos.
 */
export const INVITATION_TOKENS = {
  /** solo@gmail.com to Acme Marketing, pending: accepting succeeds. */
  soloToAcmeMarketing: "inv-solo-to-acme-marketing",
  /** solo@gmail.com to Oldco Team, expired: 409 invitation_is_not_active. */
  soloExpired: "inv-solo-expired",
  /** solo@gmail.com to Bigco, cancelled: 409 invitation_is_not_active. */
  soloCancelled: "inv-solo-cancelled",
  /** admin@acme.test to Bigco, pending: anyone else gets 403. */
  adminToBigco: "inv-admin-to-bigco",
  /** owner@acme.test to Acme Sales, where he already is a member: 409 user_already_exists. */
  ownerToAcmeSales: "inv-owner-to-acme-sales",
  /** newcomer@startup.test (no user yet) to Acme Sales, pending: 404 until the newcomer signs up. */
  newcomerToAcmeSales: "inv-newcomer-to-acme-sales",
} as const;

interface SeedInvitation {
  token: string;
  space: SpaceKey;
  invitedEmail: string;
  invitedBy: PersonaKey;
  status: InvitationStatus;
  createdDaysAgo: number;
}

const SEED_INVITATIONS: SeedInvitation[] = [
  {
    token: INVITATION_TOKENS.soloToAcmeMarketing,
    space: "acmeMarketing",
    invitedEmail: PERSONAS.solo.email,
    invitedBy: "owner",
    status: "PENDING",
    createdDaysAgo: 0,
  },
  {
    token: INVITATION_TOKENS.soloExpired,
    space: "oldcoTeam",
    invitedEmail: PERSONAS.solo.email,
    invitedBy: "legacy",
    status: "EXPIRED",
    createdDaysAgo: 45,
  },
  {
    token: INVITATION_TOKENS.soloCancelled,
    space: "bigco",
    invitedEmail: PERSONAS.solo.email,
    invitedBy: "premium",
    status: "CANCELLED",
    createdDaysAgo: 10,
  },
  {
    token: INVITATION_TOKENS.adminToBigco,
    space: "bigco",
    invitedEmail: PERSONAS.admin.email,
    invitedBy: "premium",
    status: "PENDING",
    createdDaysAgo: 0,
  },
  {
    token: INVITATION_TOKENS.ownerToAcmeSales,
    space: "acmeSales",
    invitedEmail: PERSONAS.owner.email,
    invitedBy: "salesLead",
    status: "PENDING",
    createdDaysAgo: 0,
  },
  {
    token: INVITATION_TOKENS.newcomerToAcmeSales,
    space: "acmeSales",
    invitedEmail: NEWCOMER_EMAIL,
    invitedBy: "salesLead",
    status: "PENDING",
    createdDaysAgo: 0,
  },
];

export async function seedInvitations(db: BackendDb, now: number): Promise<void> {
  for (const invitation of SEED_INVITATIONS) {
    const createdAt = now - invitation.createdDaysAgo * DAY_MS;
    await insertInvitation(db, {
      token: invitation.token,
      workspaceId: SPACES[invitation.space].id,
      invitedEmail: invitation.invitedEmail,
      invitedByUserId: PERSONAS[invitation.invitedBy].id,
      status: invitation.status,
      createdAt,
      expiresAt: createdAt + INVITATION_LIFETIME_MS,
    });
  }
}
