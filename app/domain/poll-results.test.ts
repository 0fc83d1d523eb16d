import { describe, expect, it, vi } from "vitest";
import { pollAnswers, pollAnswersFromResponses, pollAnswersFromResults } from "./poll-results";

describe("pollAnswersFromResults", () => {
  it("gives each answer its rounded share, most frequent first", () => {
    expect(
      pollAnswersFromResults([
        { info: "No", count: 1 },
        { info: "Yes", count: 2 },
      ]),
    ).toEqual([
      { answer: "Yes", count: 2, percent: 67 },
      { answer: "No", count: 1, percent: 33 },
    ]);
  });
  it("gives 0% when every count is 0", () => {
    expect(pollAnswersFromResults([{ info: "Maybe", count: 0 }])).toEqual([{ answer: "Maybe", count: 0, percent: 0 }]);
  });
});

describe("pollAnswersFromResponses", () => {
  it("counts the responses and turns them into percentages", () => {
    const responses = ["Great", "Good", "Great", " Great ", "Bad", "", "Good", "Great"].map((value) => ({ value }));
    expect(pollAnswersFromResponses(responses)).toEqual([
      { answer: "Great", count: 4, percent: 57 },
      { answer: "Good", count: 2, percent: 29 },
      { answer: "Bad", count: 1, percent: 14 },
    ]);
  });
  it("is empty without responses", () => {
    expect(pollAnswersFromResponses([])).toEqual([]);
  });
});

describe("pollAnswers", () => {
  const responses = [{ value: "A" }, { value: "B" }, { value: "A" }];

  it("uses the aggregated results when there are some", async () => {
    const loadResponses = vi.fn(async () => responses);
    const answers = await pollAnswers(async () => [{ info: "Yes", count: 3 }], loadResponses);
    expect(answers).toEqual([{ answer: "Yes", count: 3, percent: 100 }]);
    expect(loadResponses).not.toHaveBeenCalled();
  });
  it("falls back to the responses when the results are empty", async () => {
    const answers = await pollAnswers(
      async () => [],
      async () => responses,
    );
    expect(answers).toEqual([
      { answer: "A", count: 2, percent: 67 },
      { answer: "B", count: 1, percent: 33 },
    ]);
  });
  it("falls back to the responses when the results fail", async () => {
    const answers = await pollAnswers(
      async () => {
        throw new Error("500");
      },
      async () => responses,
    );
    expect(answers.map((answer) => answer.answer)).toEqual(["A", "B"]);
  });
  it("lets a sign-out redirect through", async () => {
    const redirect = new Response(null, { status: 302 });
    await expect(
      pollAnswers(
        async () => {
          throw redirect;
        },
        async () => responses,
      ),
    ).rejects.toBe(redirect);
  });
});
