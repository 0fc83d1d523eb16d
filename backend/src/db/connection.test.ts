import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connection";

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("openDatabase's files", () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "yamm-db-mode-"));
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

  it("are readable by their owner only: the database and its WAL companions (customers' addresses)", async () => {
    const file = path.join(directory, "new", "backend.sqlite");
    const db = openDatabase(file);
    await sql`create table t (x text)`.execute(db);
    await sql`insert into t values ('a@b.test')`.execute(db);
    for (const suffix of ["", "-wal", "-shm"]) expect(modeOf(`${file}${suffix}`), suffix).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    await db.destroy();
  });

  it("bring a file made readable by others before to the owner's alone", async () => {
    const file = path.join(directory, "old.sqlite");
    fs.mkdirSync(directory, { recursive: true });
    fs.writeFileSync(file, "", { mode: 0o644 });
    const db = openDatabase(file);
    expect(modeOf(file)).toBe(0o600);
    await db.destroy();
  });
});
