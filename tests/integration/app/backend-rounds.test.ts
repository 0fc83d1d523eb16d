/**
 * One round (issue 28, item 1; ARCHITECTURE budgets): with every backend
 * call held 50 ms, as a backend far away would, each page of the workspace
 * tree waits for as few rounds of calls as the table below says: the
 * shell's calls (me, the space, its subscriptions) and the page's start
 * together; only a call that needs another's answer waits for it. A round is
 * the calls that started before any call of the round finished; and no call
 * is made twice. Runs the app
 * as `npm start` serves it, behind a proxy in front of the backend that holds
 * and times every call; fails when a page needs more rounds than its row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SENT_CAMPAIGNS, SCHEDULED_CAMPAIGNS } from "../../../backend/src/db/seed/mail-merges";
import { seedInvitationTokens } from "../../../backend/src/db/seed/invitations";
import { PERSONAS, SPACES, type SpaceKey } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { signIn, startAppBackend } from "../support/app";
import { startAppServer, type RunningApp } from "../support/app-server";
import { roundsOf } from "../../../scripts/backend-replay";
import { startFaultProxy, type FaultProxy, type ProxiedCall } from "../support/fault-proxy";

const HOLD_MS = 50;

type Persona = keyof typeof PERSONAS;
interface Page {
  /** Who asks, in which space, for what (a path under the space's address). */
  as: Persona;
  space: SpaceKey;
  path: string;
  /** The answer's status: the page itself, or the redirect a guard or a forward answers. */
  status: number;
  /** The most rounds of backend calls it may wait for. */
  rounds: number;
  /** A call it makes again on purpose (a fresh read, waiting for a webhook's effect). */
  asksAgain?: string;
}

const INVITATION = "{invitation}";

/** Every GET route of the workspace tree, as someone it serves (or refuses) asks for it. */
const PAGES: Record<string, Page> = {
  "space index (forward)": { as: "owner", space: "acmeMarketing", path: "", status: 302, rounds: 1 },
  "mail merges index (forward)": { as: "owner", space: "acmeMarketing", path: "mail-merges", status: 302, rounds: 1 },
  "sent list": { as: "owner", space: "acmeMarketing", path: "mail-merges/sent", status: 200, rounds: 1 },
  "sent list, as a member": { as: "member", space: "acmeMarketing", path: "mail-merges/sent", status: 200, rounds: 1 },
  "sent list, searched": {
    as: "owner",
    space: "acmeMarketing",
    path: "mail-merges/sent?q=webinar&range=ALL_TIME",
    status: 200,
    rounds: 1,
  },
  "sent detail dialog": {
    as: "owner",
    space: "acmeMarketing",
    path: `mail-merges/sent/${SENT_CAMPAIGNS.webinarFollowUp}`,
    status: 200,
    rounds: 1,
  },
  "sent poll dialog": {
    as: "owner",
    space: "acmeMarketing",
    path: `mail-merges/sent/${SENT_CAMPAIGNS.webinarFollowUp}/poll`,
    status: 200,
    rounds: 1,
  },
  "sent export": { as: "owner", space: "acmeMarketing", path: "mail-merges/sent.csv", status: 200, rounds: 2 },
  "scheduled list": { as: "owner", space: "acmeMarketing", path: "mail-merges/scheduled", status: 200, rounds: 1 },
  "scheduled detail dialog": {
    as: "owner",
    space: "acmeMarketing",
    path: `mail-merges/scheduled/${SCHEDULED_CAMPAIGNS.inProgress}`,
    status: 200,
    rounds: 1,
  },
  "scheduled export": {
    as: "owner",
    space: "acmeMarketing",
    path: "mail-merges/scheduled.csv",
    status: 200,
    rounds: 2,
  },
  unsubscriptions: { as: "owner", space: "acmeMarketing", path: "unsubscriptions", status: 200, rounds: 1 },
  "unsubscriptions, as a member": {
    as: "member",
    space: "acmeMarketing",
    path: "unsubscriptions",
    status: 200,
    rounds: 1,
  },
  "unsubscriptions export": {
    as: "owner",
    space: "acmeMarketing",
    path: "unsubscriptions.csv",
    status: 200,
    rounds: 2,
  },
  bounces: { as: "solo", space: "samsSpace", path: "bounces", status: 200, rounds: 1 },
  "bounces export": { as: "solo", space: "samsSpace", path: "bounces.csv", status: 200, rounds: 2 },
  "bounces, refused where they are shared": {
    as: "owner",
    space: "acmeMarketing",
    path: "bounces",
    status: 302,
    rounds: 1,
  },
  "team report": { as: "owner", space: "acmeMarketing", path: "team-report", status: 200, rounds: 1 },
  "team report export": { as: "owner", space: "acmeMarketing", path: "team-report.csv", status: 200, rounds: 2 },
  "team report, refused to a member": {
    as: "member",
    space: "acmeMarketing",
    path: "team-report",
    status: 403,
    rounds: 1,
  },
  templates: { as: "owner", space: "acmeMarketing", path: "templates", status: 200, rounds: 1 },
  "template dialog": { as: "owner", space: "acmeMarketing", path: "templates/tpl-01", status: 200, rounds: 1 },
  "space settings index (forward)": { as: "owner", space: "acmeMarketing", path: "space", status: 302, rounds: 1 },
  members: { as: "owner", space: "acmeMarketing", path: "space/users", status: 200, rounds: 2 },
  "members, as a member": {
    as: "member",
    space: "acmeMarketing",
    path: "space/users",
    status: 200,
    rounds: 2,
  },
  "member suggestions": {
    as: "owner",
    space: "acmeMarketing",
    path: "space/users/suggest?q=ben",
    status: 200,
    rounds: 1,
  },
  general: { as: "owner", space: "acmeMarketing", path: "space/general", status: 200, rounds: 1 },
  billing: { as: "owner", space: "acmeMarketing", path: "space/billing", status: 200, rounds: 2 },
  "billing, per user": { as: "premium", space: "bigco", path: "space/billing", status: 200, rounds: 1 },
  "billing, refused to a member": {
    as: "member",
    space: "acmeMarketing",
    path: "space/billing",
    status: 302,
    rounds: 1,
  },
  "billing sub-path (forward)": {
    as: "owner",
    space: "acmeMarketing",
    path: "space/billing/anything",
    status: 302,
    rounds: 1,
  },
  "upgrade (forward)": { as: "owner", space: "acmeMarketing", path: "space/upgrade", status: 302, rounds: 1 },
  "old billing address (forward)": {
    as: "owner",
    space: "acmeMarketing",
    path: "settings/billing",
    status: 302,
    rounds: 1,
  },
  "unknown settings page": { as: "owner", space: "acmeMarketing", path: "space/nothing-here", status: 302, rounds: 1 },
  "new space": { as: "owner", space: "acmeMarketing", path: "spaces/new", status: 200, rounds: 1 },
  "checkout options": {
    as: "premium",
    space: "bigco",
    path: "checkout?plan=PREMIUM&interval=YEARLY",
    status: 200,
    rounds: 2,
  },
  "checkout summary": {
    as: "premium",
    space: "bigco",
    path: "checkout/summary?plan=PRO&interval=YEARLY",
    status: 200,
    rounds: 2,
  },
  "checkout details": { as: "premium", space: "bigco", path: "checkout/details", status: 302, rounds: 1 },
  "checkout information": { as: "premium", space: "bigco", path: "checkout/information", status: 302, rounds: 2 },
  "checkout, add seats": { as: "owner", space: "acmeMarketing", path: "checkout/add-seats", status: 200, rounds: 2 },
  "checkout, remove seats": {
    as: "owner",
    space: "acmeMarketing",
    path: "checkout/remove-seats",
    status: 200,
    rounds: 2,
  },
  "checkout, cannot downgrade": {
    as: "dora",
    space: "deltaGroup",
    path: "checkout/cannot-downgrade",
    status: 302,
    rounds: 1,
  },
  "checkout, legacy users": { as: "legacy", space: "oldcoTeam", path: "checkout/legacy/users", status: 200, rounds: 1 },
  "checkout, payment return": {
    as: "premium",
    space: "bigco",
    path: "checkout/payment-return",
    status: 302,
    rounds: 3,
    // Has the payment's webhook reached the backend? The subscriptions are read again, fresh.
    asksAgain: "/subscriptions/v2",
  },
  "disabled screen": { as: "disabled", space: "acmeMarketing", path: "disabled", status: 200, rounds: 1 },
  "invitation link": {
    as: "solo",
    space: "acmeMarketing",
    path: `invitations/${INVITATION}/accept`,
    status: 200,
    rounds: 2,
  },
  "another's space (refused)": { as: "solo", space: "acmeMarketing", path: "mail-merges/sent", status: 302, rounds: 1 },
};

let backend: RunningBackend;
let proxy: FaultProxy;
let app: RunningApp;
let invitationToken: string;
const cookies = new Map<Persona, string>();

beforeAll(async () => {
  backend = await startAppBackend({ localStripe: true });
  invitationToken = (await seedInvitationTokens(backend.db)).soloToAcmeMarketing;
  proxy = await startFaultProxy(backend);
  app = await startAppServer();
  for (const persona of new Set(Object.values(PAGES).map((page) => page.as))) {
    cookies.set(persona, (await signIn(backend, PERSONAS[persona].email)).cookie);
  }
  proxy.delayMs = HOLD_MS;
});

afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await backend?.close();
});

/** The backend calls made for one request, once every one of them is answered. */
async function callsOf(requestId: string) {
  const calls = () => proxy.calls.filter((call) => call.requestId === requestId);
  for (let waited = 0; calls().some((call) => call.endedAt === undefined) && waited < 2_000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return calls();
}

let requests = 0;
async function load({ as, space, path }: Page) {
  const requestId = `rounds-${++requests}`;
  const { id, slug } = SPACES[space];
  const url = `${app.url}/${id}/${slug}/${path.replace(INVITATION, invitationToken)}`.replace(/\/$/, "");
  const response = await fetch(url, {
    headers: { Cookie: cookies.get(as)!, "X-Request-Id": requestId },
    redirect: "manual",
  });
  const body = await response.text();
  return {
    status: response.status,
    body,
    rounds: roundsOf(await callsOf(requestId), (call) => ({ start: call.startedAt, end: call.endedAt! })),
  };
}

const describeRounds = (rounds: ProxiedCall[][]) =>
  rounds.map((round) => round.map((call) => `${call.method} ${call.path}`).join(", ")).join("\n then ");

describe(`backend rounds per page, every call held ${HOLD_MS} ms`, () => {
  it.each(Object.entries(PAGES))("%s", async (_, page) => {
    const { status, rounds } = await load(page);
    expect(status).toBe(page.status);
    expect(rounds.length).toBeGreaterThan(0);
    expect(rounds.length, describeRounds(rounds)).toBeLessThanOrEqual(page.rounds);
    // Still one call per endpoint and query: the request's memo shares what the shell and the page both ask.
    const targets = rounds
      .flat()
      .filter((call) => !page.asksAgain || !call.path.endsWith(page.asksAgain))
      .map((call) => `${call.method} ${call.target}`);
    expect(targets.filter((target, index) => targets.indexOf(target) !== index)).toEqual([]);
  });
});

describe("a refused guard", () => {
  it("drops the page's answers, asked for beside it: the refusal shows none of them", async () => {
    const shown = await load(PAGES["team report"]!);
    expect(shown.body).toContain(PERSONAS.benBaker.email);
    const refused = await load(PAGES["team report, refused to a member"]!);
    expect(refused.status).toBe(403);
    // The report's calls were made beside the guard; their answers are nowhere on the refusal.
    expect(refused.rounds.flat().some((call) => call.path.endsWith("/team-report/members"))).toBe(true);
    expect(refused.body).toContain(PERSONAS.member.email);
    expect(refused.body).not.toContain(PERSONAS.benBaker.email);
  });

  it("leaves no failure behind: the page calls the backend refused are no error, the app still serves", async () => {
    const before = app.output().length;
    const { status, rounds } = await load(PAGES["another's space (refused)"]!);
    expect(status).toBe(302);
    // The list's calls for a space that is not the caller's were refused by the backend and dropped.
    expect(rounds.flat().some((call) => call.path.endsWith("/campaigns"))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.output().slice(before)).not.toMatch(/"level":50|nhandled/);
    expect((await load(PAGES["sent list"]!)).status).toBe(200);
  });
});
