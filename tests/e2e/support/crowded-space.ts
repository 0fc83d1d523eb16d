import type { Page } from "@playwright/test";
import { openDatabase } from "../../../backend/src/db/connection";
import { slugify } from "../../../backend/src/domain/slug";
import { writeCrowdedSpace, type CrowdedSpace } from "../../support/crowded-space";
import { e2eEnv } from "./env";
import { chooseOtherAccount } from "./google";

/** The path of a crowded space (tests/support/crowded-space.ts). */
export const crowdedSpacePath = ({ space }: CrowdedSpace) => `/${space.id}/${slugify(space.name)}`;

/**
 * Writes the space into the running backend's database unless it is there
 * already, and signs its owner in through the local Google's "another
 * account": they land in it, their main space.
 */
export async function signInToCrowdedSpace(page: Page, crowd: CrowdedSpace) {
  const db = openDatabase(e2eEnv().databasePath);
  try {
    await writeCrowdedSpace(db, crowd);
  } finally {
    await db.destroy();
  }
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await chooseOtherAccount(page, crowd.owner.email, crowd.owner.name);
  await page.waitForURL((url) => url.pathname.startsWith(crowdedSpacePath(crowd)));
}
