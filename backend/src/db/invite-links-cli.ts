/**
 * `npm run invite-links`: the invite links of the database at DATABASE_PATH,
 * to open as the invitee named beside each: the seeded ones (their tokens are
 * random, made when it was seeded), then those the Members page sent (the
 * reference backend's outbox).
 */
import { loadConfig } from "../config";
import { openDatabase } from "./connection";
import { SEED_INVITATIONS, seedInvitationTokens } from "./seed/invitations";
import { SPACES } from "./seed/personas";

const { databasePath } = loadConfig(process.env);
const appUrl = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
const db = openDatabase(databasePath);
try {
  const tokens = await seedInvitationTokens(db);
  for (const { key, space, invitedEmail, status } of SEED_INVITATIONS) {
    const { id, slug } = SPACES[space];
    console.log(
      `${invitedEmail.padEnd(24)} ${status.padEnd(10)} ${appUrl}/${id}/${slug}/invitations/${tokens[key]}/accept`,
    );
  }
} finally {
  await db.destroy();
}
