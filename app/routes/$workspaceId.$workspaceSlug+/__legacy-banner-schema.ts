import { z } from "zod";

/** Dismiss the legacy-plan banner (000 §4): where to go back to. The action and the form share it. */
export const dismissLegacyBannerSchema = z.object({ redirectTo: z.string().max(2000).optional() });
