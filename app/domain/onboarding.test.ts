import { describe, expect, it } from "vitest";
import { canContinue, parseStep, resolveStep, stepStates } from "./onboarding";

describe("parseStep", () => {
  it("reads the three steps and nothing else", () => {
    expect(parseStep("1")).toBe(1);
    expect(parseStep("3")).toBe(3);
    expect(parseStep("4")).toBeNull();
    expect(parseStep("2.0")).toBeNull();
    expect(parseStep(null)).toBeNull();
  });
});

describe("canContinue", () => {
  it("needs an installation or a marketplace visit", () => {
    expect(canContinue(null, false)).toBe(false);
    expect(canContinue(null, true)).toBe(true);
    expect(canContinue(1_700_000_000_000, false)).toBe(true);
    expect(canContinue(0, false)).toBe(true);
  });
});

describe("resolveStep", () => {
  it("keeps signed-out visitors on step 1", () => {
    expect(resolveStep(null, { signedIn: false, continueAllowed: true })).toBe(1);
    expect(resolveStep(3, { signedIn: false, continueAllowed: true })).toBe(1);
  });

  it("starts signed-in users at step 2, even when they ask for step 1", () => {
    expect(resolveStep(null, { signedIn: true, continueAllowed: false })).toBe(2);
    expect(resolveStep(1, { signedIn: true, continueAllowed: true })).toBe(2);
  });

  it("opens step 3 only when Continue is allowed", () => {
    expect(resolveStep(3, { signedIn: true, continueAllowed: true })).toBe(3);
    expect(resolveStep(3, { signedIn: true, continueAllowed: false })).toBe(2);
  });
});

describe("stepStates", () => {
  it("marks the first step done but never clickable", () => {
    expect(stepStates(2)).toEqual({ 1: "checked", 2: "current", 3: "upcoming" });
  });

  it("lets step 3 go back to step 2", () => {
    expect(stepStates(3)).toEqual({ 1: "checked", 2: "clickable", 3: "current" });
  });

  it("shows nothing done on step 1", () => {
    expect(stepStates(1)).toEqual({ 1: "current", 2: "upcoming", 3: "upcoming" });
  });
});
