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
      await insertActiveUser(trx, {
        workspaceId: crowd.space.id,
        user,
        role: user === owner ? "OWNER" : "MEMBER",
        userPlan: crowd.userPlan,
        isPerSeat: crowd.isPerSeat,
        now,
      });
    }
  });
}

/** A user of a test's own, not among the seeded personas. */
export interface ExtraUser {
  id: string;
  email: string;
  name: string;
}

/** A user of a test's own, an ACTIVE member of the space whose add-on it uses. */
async function insertActiveUser(
  db: BackendDb,
  member: {
    workspaceId: string;
    user: ExtraUser;
    role: "OWNER" | "MEMBER";
    userPlan: UserPlan;
    isPerSeat: boolean;
    now: number;
  },
) {
  const { workspaceId, user, now } = member;
  await insertUser(db, {
    ...user,
    picture: null,
    isPersonal: false,
    installationTimestamp: now,
    lastUpdateTimestamp: now,
    addonWorkspaceId: workspaceId,
    isPerSeat: member.isPerSeat,
  });
  await insertMember(db, {
    workspaceId,
    userId: user.id,
    role: member.role,
    userPlan: member.userPlan,
    status: "ACTIVE",
    createdAt: now,
  });
}

/**
 * Adds an ACTIVE member, a user of its own, to a seeded space (a running
 * backend's database too) unless they are there already: for a test that
 * needs one more seat taken without changing another test's space.
 */
export async function addExtraMember(
  db: BackendDb,
  { workspaceId, user, userPlan }: { workspaceId: string; user: ExtraUser; userPlan: UserPlan },
) {
  const known = async () =>
    (await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()) !== undefined;
  if (await known()) return;
  const now = Date.now();
  const write = db
    .transaction()
    .execute((trx) => insertActiveUser(trx, { workspaceId, user, role: "MEMBER", userPlan, isPerSeat: true, now }));
  // Both browser projects may write it at once: the second finds the first's.
  await write.catch(async (error: unknown) => {
    if (!(await known())) throw error;
  });
}

/** Pine Labs' third member: its three seats all taken (the remove-seats screen's warning). */
export const PINE_THIRD: ExtraUser = { id: "6192000000000001", email: "pat@pinelabs.test", name: "Pat Pine" };

/** A free per-user space of 12 users: more than the Pro plan's 10 paid users (backend MAX_PAID_USERS). */
export const CROWD_CO: CrowdedSpace = {
  space: { id: "5190000000000002", name: "Crowd Co" },
  owner: { id: "6191000000000000", email: "cora@crowd.test", name: "Cora Crowd" },
  plan: "FREE",
  isPerSeat: false,
  members: 11,
  userPlan: "FREE",
};
