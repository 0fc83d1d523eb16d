import { z } from "zod";
import type { AuthContext } from "./caller.server";
import { sharedAnswer } from "./shared-answer.server";
import { backendPath } from "./http.server";

const promotionSchema = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string(),
  type: z.string(),
  url: z.string(),
  productId: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

const cannonSchema = z.object({
  enabled: z.boolean(),
  promotions: z.array(z.unknown()).default([]),
});

/** Items missing any of their fields as strings are dropped (000 §3 Promotion). */
export function keepValidPromotions(items: unknown[]): Promotion[] {
  return items.flatMap((item) => {
    const parsed = promotionSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * GET /cannon (v1): the sidebar's promotions, the same for everyone, so one
 * answer serves every page for a minute. A failure only hides them, also an
 * expired session's (the shell's own calls deal with that), since the call
 * may be another request's.
 */
const sidebarPromotions = sharedAnswer(60_000, async (auth: AuthContext) => {
  const answer = await auth.call({
    base: "v1",
    path: backendPath`/cannon`,
    query: { project: "webapp", placement: "sidebar" },
    schema: cannonSchema,
  });
  return answer.enabled ? keepValidPromotions(answer.promotions) : [];
});

export async function getSidebarPromotions(auth: AuthContext): Promise<Promotion[]> {
  try {
    return await sidebarPromotions(auth);
  } catch {
    return [];
  }
}
