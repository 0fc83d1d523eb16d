import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./keyed-queue";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("KeyedQueue", () => {
  it("runs the tasks of one key one after the other, in order, and those of other keys meanwhile", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      queue.run("a", task("a1")),
      queue.run("a", task("a2")),
      queue.run("b", task("b1")),
    ]);
    expect(results).toEqual(["a1", "a2", "b1"]);
    expect(log.indexOf("a1 end")).toBeLessThan(log.indexOf("a2 start"));
    expect(log.indexOf("b1 start")).toBeLessThan(log.indexOf("a1 end"));
  });

  it("goes on after a task that fails, which fails alone", async () => {
    const queue = new KeyedQueue();
    const failing = queue.run("a", async () => {
      throw new Error("no");
    });
    const next = queue.run("a", async () => "yes");
    await expect(failing).rejects.toThrow("no");
    await expect(next).resolves.toBe("yes");
  });
});
