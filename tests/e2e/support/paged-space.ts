import type { Page } from "@playwright/test";
import { openDatabase } from "../../../backend/src/db/connection";
import { PAGE_SIZE } from "../../../app/domain/list-query";
import { insertUser } from "../../../backend/src/store/users";
import { findWorkspace, insertMember, insertWorkspace } from "../../../backend/src/store/workspaces";
import { e2eEnv } from "./env";
import { chooseOtherAccount } from "./google";

/**
 * A Pro space with more members than one page of its lists holds (the
 * seeded spaces have at most 14), so its team report and member list page.
 * A space of its own, so that no other test's counts change.
 */
const SPACE = { id: "5190000000000001", name: "Paging Works" };
const OWNER = { id: "6190000000000000", email: "polly@paging.test", name: "Polly Pager" };
export const PAGED_SPACE_PATH = `/${SPACE.id}/paging-works`;

/**
 * Writes the space into the running backend's database (WAL lets it) unless
 * it is there already, and signs its owner in through the local Google's
 * "another account".
 */
export async function signInToPagedSpace(page: Page) {
  const db = openDatabase(e2eEnv().databasePath);
  try {
    if (!(await findWorkspace(db, SPACE.id))) {
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        await insertWorkspace(trx, {
          ...SPACE,
          plan: "PRO",
          isPerSeat: true,
          domains: ["paging.test"],
          createdAt: now,
        });
        for (let index = 0; index <= PAGE_SIZE + 5; index++) {
          const number = String(index).padStart(2, "0");
          const user =
            index === 0
              ? OWNER
              : { id: `61900000000000${number}`, email: `member${number}@paging.test`, name: `Member ${number}` };
          await insertUser(trx, {
            ...user,
            picture: null,
            isPersonal: false,
            installationTimestamp: now,
            lastUpdateTimestamp: now,
            addonWorkspaceId: SPACE.id,
            isPerSeat: true,
          });
          await insertMember(trx, {
            workspaceId: SPACE.id,
            userId: user.id,
            role: index === 0 ? "OWNER" : "MEMBER",
            userPlan: "PRO",
            status: "ACTIVE",
            createdAt: now,
          });
        }
      });
    }
  } finally {
    await db.destroy();
  }
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await chooseOtherAccount(page, OWNER.email, OWNER.name);
  await page.waitForURL((url) => url.pathname.startsWith(PAGED_SPACE_PATH));
}
