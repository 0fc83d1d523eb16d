import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  newSpaceConstraint,
  newSpaceSchema,
  ownedSpaceCount,
  spaceLimit,
  spaceNameMessageForReason,
} from "./new-space";
import { spaceNameMessages } from "./space-name";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
}

describe("new space form", () => {
  it("trims the name it accepts", () => {
    const submission = parseWithZod(
      form({ spaceName: "  Launch team  ", idempotencyKey: "0f8fad5b-d9cb-469f-a165-70867728950e" }),
      {
        schema: newSpaceSchema,
      },
    );
    expect(submission.status === "success" && submission.value.spaceName).toBe("Launch team");
  });

  it("refuses a form without its once-only key", () => {
    const submission = parseWithZod(form({ spaceName: "Launch team" }), { schema: newSpaceSchema });
    expect(submission.status).toBe("error");
  });

  it.each([
    ["", spaceNameMessages.REQUIRED],
    ["      ", spaceNameMessages.REQUIRED],
    ["  abc  ", spaceNameMessages.TOO_SHORT],
    ["x".repeat(256), spaceNameMessages.TOO_LONG],
  ])("refuses %j with the spec's message first", (value, message) => {
    const submission = parseWithZod(form({ spaceName: value }), { schema: newSpaceSchema });
    expect(submission.status === "error" && submission.error?.spaceName?.[0]).toBe(message);
  });

  it("asks the browser for a value of 5 characters, but leaves the maximum to the schema", () => {
    expect(newSpaceConstraint.spaceName).toEqual({ required: true, minLength: 5 });
  });
});

describe("owned spaces", () => {
  const spaces = (owned: number) => [
    ...Array.from({ length: owned }, () => ({ userRole: "OWNER" as const })),
    { userRole: "MEMBER" as const },
    { userRole: "ADMIN" as const },
  ];
  it("counts only the spaces the user owns, up to 5", () => {
    expect(ownedSpaceCount(spaces(2))).toBe(2);
    expect(spaceLimit(spaces(3))).toEqual({ owned: 3, max: 5 });
  });
});

describe("backend validation codes", () => {
  it("map to the field's messages", () => {
    expect(spaceNameMessageForReason("REQUIRED")).toBe(spaceNameMessages.REQUIRED);
    expect(spaceNameMessageForReason("EMPTY")).toBe(spaceNameMessages.REQUIRED);
    expect(spaceNameMessageForReason("TOO_SHORT")).toBe(spaceNameMessages.TOO_SHORT);
    expect(spaceNameMessageForReason("TOO_LONG")).toBe(spaceNameMessages.TOO_LONG);
    expect(spaceNameMessageForReason("too_many_workspaces")).toBeNull();
    expect(spaceNameMessageForReason(undefined)).toBeNull();
  });
});
