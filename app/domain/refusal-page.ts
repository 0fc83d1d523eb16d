import { genericErrorTexts, oopsTexts, referenceText } from "./error-texts";

/** How long a browser should wait before trying again after a 503: a backend away, an overload (seconds). */
export const RETRY_AFTER_SECONDS = 10;

/**
 * The page of a request refused before any render (the front door, the
 * overload gate, the load balancer in front: README, Overload): the generic
 * texts of 000 §8 without the shell, no script, no style, so a refusal costs
 * next to nothing. The id must be safe in HTML as it is (request ids are
 * letters, digits, - and _).
 */
export function refusalPage(requestId?: string) {
  const reference = requestId ? `<p>${referenceText(requestId)}</p>` : "";
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${genericErrorTexts.title}</title></head><body><main><h1>${genericErrorTexts.title}</h1><p>${genericErrorTexts.detail}</p>${reference}<p><a href="">${oopsTexts.tryAgain}</a></p></main></body></html>`;
}
