import { randomInt } from "node:crypto";

/**
 * Users and spaces have 16-digit numeric ids like the upstream service
 * (users start with 6, spaces with 5; the seed's personas use …0000000000xx).
 * Random rather than sequential so ids are not guessable.
 */
function numericId(prefix: string): string {
  let digits = prefix;
  while (digits.length < 16) digits += String(randomInt(10));
  return digits;
}

export const newUserId = (): string => numericId("6");
export const newWorkspaceId = (): string => numericId("5");
