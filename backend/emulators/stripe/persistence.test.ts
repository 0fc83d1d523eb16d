import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { SAVED_STATE_VERSION, writeSavedStripe, type SavedStripe } from "./persistence";

it("saves the local Stripe's state (customers' addresses) readable by its owner only", () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "yamm-stripe-mode-"));
  const file = path.join(directory, "data", "stripe-state.json");
  const saved = {
    version: SAVED_STATE_VERSION,
    clockOffsetSeconds: 0,
    events: [],
    replays: [],
  } as unknown as SavedStripe;
  try {
    writeSavedStripe(file, saved);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
