import { describe, expect, it, vi } from "vitest";
import { sharedAnswer } from "./shared-answer.server";

describe("sharedAnswer", () => {
  it("asks once for every request within its time, then again", async () => {
    let clock = 0;
    const load = vi.fn(async () => `answer ${load.mock.calls.length}`);
    const answer = sharedAnswer(60_000, load, () => clock);
    const ask = () => answer(undefined);
    expect(await ask()).toBe("answer 1");
    clock = 59_999;
    expect(await ask()).toBe("answer 1");
    expect(load).toHaveBeenCalledTimes(1);
    clock = 60_000;
    expect(await ask()).toBe("answer 2");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one call, made with the first request's caller, between requests that arrive while it loads", async () => {
    let finish: (value: string) => void = () => {};
    const load = vi.fn((_caller: string) => new Promise<string>((resolve) => (finish = resolve)));
    const answer = sharedAnswer(1000, load);
    const both = Promise.all([answer("first"), answer("second")]);
    finish("one");
    expect(await both).toEqual(["one", "one"]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith("first");
  });

  it("keeps no failure: the next request asks again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("back");
    const answer = sharedAnswer(1000, load);
    await expect(answer(undefined)).rejects.toThrow("down");
    expect(await answer(undefined)).toBe("back");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
