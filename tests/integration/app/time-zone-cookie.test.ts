/**
 * A malformed `tz` cookie never breaks a dated page or an export (issue 13):
 * the value is ignored (dates in UTC) until the page's script replaces it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as scheduledLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/scheduled";
import { loader as sentLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent";
import { loader as sentCsvLoader } from "~/routes/$workspaceId.$workspaceSlug+/mail-merges+/sent[.csv]";
import { loader as unsubscriptionsLoader } from "~/routes/$workspaceId.$workspaceSlug+/unsubscriptions";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { MALFORMED_TIME_ZONES } from "../../support/malformed-time-zones";
import type { RunningBackend } from "../support/backend";
import { appRequest, run, signIn, startAppBackend } from "../support/app";

const ACME = { workspaceId: SPACES.acmeMarketing.id, workspaceSlug: SPACES.acmeMarketing.slug };
const PREFIX = `/${ACME.workspaceId}/${ACME.workspaceSlug}`;
const DATED = [
  { path: `${PREFIX}/mail-merges/sent`, loader: sentLoader },
  { path: `${PREFIX}/mail-merges/scheduled`, loader: scheduledLoader },
  { path: `${PREFIX}/unsubscriptions`, loader: unsubscriptionsLoader },
  { path: `${PREFIX}/mail-merges/sent.csv`, loader: sentCsvLoader },
];

let backend: RunningBackend;
let cookie: string;
beforeAll(async () => {
  backend = await startAppBackend();
  ({ cookie } = await signIn(backend, PERSONAS.owner.email));
});
afterAll(() => backend?.close());

describe.each(MALFORMED_TIME_ZONES.map((value) => [value.slice(0, 20), value]))("the tz cookie %j", (_label, value) => {
  it.each(DATED)("leaves $path answering 200", async ({ path, loader }) => {
    const outcome = await run(loader, appRequest(path, { cookie: `${cookie}; tz=${value}` }), ACME);
    const status = outcome.response?.status ?? (outcome.result instanceof Response ? outcome.result.status : 200);
    expect(status).toBe(200);
  });
});
