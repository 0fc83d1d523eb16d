import { percentOf } from "./mail-results";

/**
 * A campaign's poll results (002 §3): the backend's aggregated items (an
 * answer and its count), or as a fallback the raw responses, counted here.
 * Either way each answer gets its share of all answers, rounded.
 */
export interface PollAnswer {
  answer: string;
  count: number;
  percent: number;
}

/** Most frequent first; ties keep the order they came in. */
function withPercentages(entries: Array<{ answer: string; count: number }>): PollAnswer[] {
  const total = entries.reduce((sum, entry) => sum + entry.count, 0);
  return entries
    .map((entry) => ({ ...entry, percent: percentOf(entry.count, total) }))
    .sort((a, b) => b.count - a.count);
}

/** From pollResults: one item per answer, answers with the same text merged. */
export function pollAnswersFromResults(items: Array<{ info: string; count: number }>): PollAnswer[] {
  return withPercentages(countBy(items.map((item) => ({ answer: item.info, count: Math.max(0, item.count) }))));
}

/** From pollResponses: one item per response, counted per answer. Blank responses are not answers. */
export function pollAnswersFromResponses(items: Array<{ value: string }>): PollAnswer[] {
  return withPercentages(countBy(items.map((item) => ({ answer: item.value, count: 1 }))));
}

function countBy(entries: Array<{ answer: string; count: number }>) {
  const counts = new Map<string, number>();
  for (const { answer, count } of entries) {
    const key = answer.trim();
    if (!key) continue;
    counts.set(key, (counts.get(key) ?? 0) + count);
  }
  return [...counts].map(([answer, count]) => ({ answer, count }));
}

/**
 * The spec's fallback (002 §7): aggregated results when they load and are not
 * empty, else the counted responses.
 */
export async function pollAnswers(
  loadResults: () => Promise<Array<{ info: string; count: number }>>,
  loadResponses: () => Promise<Array<{ value: string }>>,
): Promise<PollAnswer[]> {
  try {
    const aggregated = pollAnswersFromResults(await loadResults());
    if (aggregated.length > 0) return aggregated;
  } catch (error) {
    // A redirect (signed out) is not a failure of the poll call.
    if (error instanceof Response) throw error;
  }
  return pollAnswersFromResponses(await loadResponses());
}
