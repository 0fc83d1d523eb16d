/**
 * Metric labels nobody can choose (issue 34, item 1): a backend call's `endpoint` label is the template its call
 * site names, so made-up ids in URLs, however word-like, add no series to the app's metrics.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { backendCallDuration } from "~/observability/metrics.server";
import { loader as detailLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent.$campaignId";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { appRequest, run, signIn, startAppBackend } from "../support/app";

const MADE_UP_IDS = 1_000;
const space = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };

let backend: RunningBackend;
let cookie: string;
beforeAll(async () => {
  backend = await startAppBackend();
  ({ cookie } = await signIn(backend, PERSONAS.owner.email));
});
afterAll(() => backend?.close());

const seriesCount = async () => (await backendCallDuration.get()).values.length;

/** Letters only: the shape the old endpoint label took for a word (`zzqqxxcccc`) and kept as it was. */
const madeUpId = (index: number) =>
  [...index.toString(26).padStart(6, "0")].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join("");

it(`keeps the backend calls' series as they were after ${MADE_UP_IDS} made-up campaign ids`, async () => {
  const open = (campaignId: string) =>
    run(
      detailLoader,
      appRequest(`/${space.workspaceId}/${space.workspaceSlug}/mail-merges/sent/${campaignId}`, { cookie }),
      { ...space, campaignId },
    );
  await open(madeUpId(0));
  const before = await seriesCount();
  for (let index = 1; index <= MADE_UP_IDS; index++) await open(madeUpId(index));
  expect(await seriesCount()).toBe(before);
  const endpoints = (await backendCallDuration.get()).values.map((value) => String(value.labels.endpoint));
  expect(endpoints.filter((endpoint) => /[a-z]{6}$/.test(endpoint) && endpoint.includes("campaigns/"))).toEqual([]);
}, 120_000);
