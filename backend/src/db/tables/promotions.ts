import type { Generated } from "kysely";

/**
 * Sidebar ads served by GET /cannon. Every content column is nullable on
 * purpose: the upstream service can send incomplete items and the app must
 * drop them (spec §3), so the reference backend stores and returns them as-is.
 */
export interface PromotionsTable {
  id: Generated<number>;
  project: string;
  placement: string;
  position: number;
  name: string | null;
  description: string | null;
  image: string | null;
  type: string | null;
  url: string | null;
  product_id: string | null;
}

export interface PromotionTables {
  promotions: PromotionsTable;
}
