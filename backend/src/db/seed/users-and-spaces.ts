import { RESTRICTION_KEYS, type Restrictions } from "../../domain/restrictions";
import { insertMember, insertWorkspace } from "../../store/workspaces";
import { insertUser } from "../../store/users";
import type { BackendDb } from "../connection";
import { NO_TRIAL_END } from "../../domain/seats";
import { PERSONAS, SEED_SPACES, SEED_USERS, SPACES, type SeedMember, type SeedSpace } from "./personas";

const DAY_MS = 86_400_000;

function restrictionsOf(space: SeedSpace): Restrictions {
  const restricted = new Set(space.restricted ?? []);
  return Object.fromEntries(RESTRICTION_KEYS.map((key) => [key, restricted.has(key)])) as Restrictions;
}

export async function seedUsersAndSpaces(db: BackendDb, now: number): Promise<void> {
  for (const space of SEED_SPACES) {
    const { id, name } = SPACES[space.space];
    await insertWorkspace(db, {
      id,
      name,
      plan: space.plan,
      legacyType: space.legacyType ?? null,
      paymentSource: space.paymentSource ?? null,
      isPerSeat: space.isPerSeat,
      domains: space.domains,
      restrictions: restrictionsOf(space),
      createdAt: now - space.createdDaysAgo * DAY_MS,
    });
  }

  for (const user of SEED_USERS) {
    const persona = PERSONAS[user.persona];
    const mainSpace = SEED_SPACES.find((space) => space.space === user.mainSpace)!;
    await insertUser(db, {
      ...persona,
      picture: null,
      isPersonal: user.isPersonal ?? false,
      installationTimestamp: user.installedDaysAgo === null ? null : now - user.installedDaysAgo * DAY_MS,
      // A user row is touched on every add-on launch; spread over the last days.
      lastUpdateTimestamp: now - (Number(persona.id.slice(-2)) % 7) * DAY_MS,
      addonWorkspaceId: SPACES[user.mainSpace].id,
      isPerSeat: mainSpace.isPerSeat,
      license: user.license ?? null,
    });
  }

  for (const space of SEED_SPACES) {
    for (const member of space.members) {
      const user = SEED_USERS.find((candidate) => candidate.persona === member.persona)!;
      // Members joined when they installed the add-on, or when the space was made if later.
      const joinedDaysAgo = Math.min(user.installedDaysAgo ?? space.createdDaysAgo, space.createdDaysAgo);
      await insertMember(db, {
        workspaceId: SPACES[space.space].id,
        userId: PERSONAS[member.persona].id,
        role: member.role,
        userPlan: member.userPlan,
        status: member.status ?? "ACTIVE",
        createdAt: now - joinedDaysAgo * DAY_MS,
        freeTrialEndTimestamp: trialEnd(member, now),
        // A trial is not paid yet, whatever the plan it tries.
        ...(member.status === "FREE_TRIAL" ? { lastBecomePaidAt: null } : {}),
        scheduledDowngrade: member.scheduledDowngrade ?? false,
      });
    }
  }
}

/** A trial's end: a timestamp, or -1 for a trial without end (002 §3). */
function trialEnd(member: SeedMember, now: number): number | null {
  if (member.status !== "FREE_TRIAL") return null;
  return member.trialEndsInDays == null ? NO_TRIAL_END : now + member.trialEndsInDays * DAY_MS;
}
