import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { isDatabaseEmpty } from "./seed";
import { prepareDatabase } from "./setup";

it.each([
  ["seeds a new database with the demo personas", {}, false],
  ["leaves a production database empty (seed: false)", { seed: false }, true],
])("%s", async (_case, options, empty) => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "yamm-setup-"));
  const db = await prepareDatabase(path.join(directory, "backend.sqlite"), Date.now(), options);
  try {
    expect(await isDatabaseEmpty(db)).toBe(empty);
  } finally {
    await db.destroy();
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
