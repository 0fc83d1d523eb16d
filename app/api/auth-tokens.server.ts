import { z } from "zod";
import type { SessionData } from "./caller.server";
import { backendPath, fetchBackend, timestamp } from "./http.server";

const tokenAnswerSchema = z.object({
  accessToken: z.string().min(1),
  idToken: z.string().optional(),
  backendIdToken: z.string().min(1),
  sessionId: z.string().min(1),
  expiresAt: timestamp,
});

type Tokens = Omit<SessionData, "email">;

function toTokens(answer: z.infer<typeof tokenAnswerSchema>): Tokens {
  const { accessToken, backendIdToken, sessionId, expiresAt } = answer;
  return { accessToken, backendIdToken, sessionId, expiresAt };
}

/** Opens a backend session for a Google ID token (000 §7 POST /v1/auth/token). */
export async function exchangeIdToken(idToken: string): Promise<Tokens> {
  const answer = await fetchBackend({
    base: "auth",
    path: backendPath`/v1/auth/token`,
    method: "POST",
    body: { idToken },
    schema: tokenAnswerSchema,
  });
  return toTokens(answer);
}

export async function refreshTokens(session: SessionData): Promise<Tokens> {
  const answer = await fetchBackend(
    {
      base: "auth",
      path: backendPath`/v1/auth/refresh-token`,
      method: "POST",
      body: { sessionId: session.sessionId },
      schema: tokenAnswerSchema,
    },
    session.accessToken,
  );
  return toTokens(answer);
}

export async function revokeSession(session: SessionData) {
  await fetchBackend(
    { base: "auth", path: backendPath`/v1/auth/revoke`, method: "POST", body: { sessionId: session.sessionId } },
    session.accessToken,
  );
}
