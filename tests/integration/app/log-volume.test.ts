/**
 * What the logs cost and say (issue 33, item 7), on the stack as `npm start` runs it at LOG_LEVEL=info: a page
 * costs at most 600 bytes of log in the app and the backend together, and a mistyped id is no error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import { startStack } from "../../../scripts/bench-stack";

/** The most a page may cost in the app's and the backend's logs together, at info. */
const LOG_BYTES_PER_PAGE = 600;

const space = `/${SPACES.acmeMarketing.id}/${SPACES.acmeMarketing.slug}`;
const PAGES = [
  `${space}/mail-merges/sent`,
  `${space}/mail-merges/scheduled`,
  `${space}/unsubscriptions`,
  `${space}/space/users`,
  `${space}/space/billing`,
];

let stack: Awaited<ReturnType<typeof startStack>>;
let cookie: string;

beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: "info" }, { captureOutput: true });
  cookie = await stack.signIn(PERSONAS.owner.email);
}, 120_000);
afterAll(() => stack?.stop());

/** The lines the app and the backend print (without the stack's `[name]` prefix) while `visit` runs. */
async function printedDuring(visit: () => Promise<void>) {
  const before = stack.output().length;
  await visit();
  // The answer is written before its access line: wait for the output to settle.
  for (let length = -1; length !== stack.output().length;) {
    length = stack.output().length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return stack
    .output()
    .slice(before)
    .split("\n")
    .flatMap((line) => /^\[(?:app|backend)\]\s+(.*)$/.exec(line)?.slice(1) ?? []);
}

async function get(path: string) {
  const response = await fetch(`${stack.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

describe("the logs at info", () => {
  it(`cost at most ${LOG_BYTES_PER_PAGE} bytes a page, the app's and the backend's together`, async () => {
    const lines = await printedDuring(async () => {
      for (const page of PAGES) expect(await get(page), page).toBe(200);
    });
    const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    expect(lines.length, lines.join("\n")).toBeGreaterThanOrEqual(PAGES.length);
    expect(bytes / PAGES.length, lines.join("\n")).toBeLessThanOrEqual(LOG_BYTES_PER_PAGE);
  });

  it("say a mistyped space id without an error or a stack", async () => {
    const lines = await printedDuring(async () => {
      expect(await get("/999999/mistyped/mail-merges/sent")).toBe(302);
    });
    const parsed = lines.map((line) => JSON.parse(line) as { level: string; err?: unknown });
    expect(parsed.length).toBeGreaterThan(0);
    expect(
      parsed.filter((line) => line.level === "error" || line.level === "fatal"),
      lines.join("\n"),
    ).toEqual([]);
    expect(lines.join("\n")).not.toContain("stack");
  });
});
