import type { BackendDb } from "../../backend/src/db/connection";
import type { UserPlan, WorkspacePlan } from "../../backend/src/domain/enums";
import { emailDomain, insertUser } from "../../backend/src/store/users";
import { findWorkspace, insertMember, insertWorkspace } from "../../backend/src/store/workspaces";

/**
 * A space of its own for a test that needs more members than the seeded
 * spaces hold (at most 14), so that no other test's counts change: its
 * owner and `members` more ACTIVE users of the owner's domain, all on one
 * user plan. Member n (from 1) has the owner's id with n as its last two
 * digits, the address `memberNN@<domain>` and the name `Member NN`.
 */
export interface CrowdedSpace {
  space: { id: string; name: string };
  owner: { id: string; email: string; name: string };
  plan: WorkspacePlan;
  isPerSeat: boolean;
  members: number;
  userPlan: UserPlan;
}

/** The space's members after its owner. */
export function crowdOf({ owner, members }: CrowdedSpace) {
  const domain = emailDomain(owner.email);
  return Array.from({ length: members }, (_, index) => {
    const number = String(index + 1).padStart(2, "0");
    return { id: `${owner.id.slice(0, -2)}${number}`, email: `member${number}@${domain}`, name: `Member ${number}` };
  });
}

/** Writes the space into a backend's database (a running backend's too: WAL lets it) unless it is there already. */
export async function writeCrowdedSpace(db: BackendDb, crowd: CrowdedSpace) {
  if (await findWorkspace(db, crowd.space.id)) return;
  const now = Date.now();
  const { owner } = crowd;
  await db.transaction().execute(async (trx) => {
    await insertWorkspace(trx, {
      ...crowd.space,
      plan: crowd.plan,
      isPerSeat: crowd.isPerSeat,
      domains: [emailDomain(owner.email)],
      createdAt: now,
    });
    for (const user of [owner, ...crowdOf(crowd)]) {
      await insertUser(trx, {
        ...user,
        picture: null,
        isPersonal: false,
        installationTimestamp: now,
        lastUpdateTimestamp: now,
        addonWorkspaceId: crowd.space.id,
        isPerSeat: crowd.isPerSeat,
      });
      await insertMember(trx, {
        workspaceId: crowd.space.id,
        userId: user.id,
        role: user === owner ? "OWNER" : "MEMBER",
        userPlan: crowd.userPlan,
        status: "ACTIVE",
        createdAt: now,
      });
    }
  });
}

/** A free per-user space of 12 users: more than the Pro plan's 10 paid users (backend MAX_PAID_USERS). */
export const CROWD_CO: CrowdedSpace = {
  space: { id: "5190000000000002", name: "Crowd Co" },
  owner: { id: "6191000000000000", email: "cora@crowd.test", name: "Cora Crowd" },
  plan: "FREE",
  isPerSeat: false,
  members: 11,
  userPlan: "FREE",
};
