import type { Page } from "@playwright/test";
import { PAGE_SIZE } from "../../../app/domain/list-query";
import type { CrowdedSpace } from "../../support/crowded-space";
import { crowdedSpacePath, signInToCrowdedSpace } from "./crowded-space";

/**
 * A Pro space with more members than one page of its lists holds, so its
 * team report and member list page.
 */
const PAGED_SPACE: CrowdedSpace = {
  space: { id: "5190000000000001", name: "Paging Works" },
  owner: { id: "6190000000000000", email: "polly@paging.test", name: "Polly Pager" },
  plan: "PRO",
  isPerSeat: true,
  members: PAGE_SIZE + 5,
  userPlan: "PRO",
};
export const PAGED_SPACE_PATH = crowdedSpacePath(PAGED_SPACE);

/** Signs its owner in, in the space (written first if need be). */
export const signInToPagedSpace = (page: Page) => signInToCrowdedSpace(page, PAGED_SPACE);
