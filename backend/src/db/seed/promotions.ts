import type { BackendDb } from "../connection";

const UTM = "utm_source=yamm&utm_medium=webapp&utm_campaign=sidebar";

/**
 * Sidebar ads for the provider's other products. The last row lacks its
 * description on purpose: the API returns it as-is and the app must drop it.
 */
const SIDEBAR_PROMOTIONS = [
  {
    name: "Form Publisher",
    description: "Turn every Google Forms response into a ready-to-share PDF or Doc.",
    image: "/images/promo-form-publisher.svg",
    type: "text",
    url: `https://formpublisher.talarian.io/?${UTM}`,
    product_id: "form-publisher",
  },
  {
    name: "Awesome Table",
    description: "Build searchable directories and dashboards from your spreadsheets.",
    image: "/images/promo-awesome-table.svg",
    type: "text",
    url: `https://awesome-table.com/?${UTM}`,
    product_id: "awesome-table",
  },
  {
    name: "Form Approvals",
    description: "Route Google Forms submissions through approval workflows in Gmail.",
    image: "/images/promo-form-approvals.svg",
    type: "text",
    url: `https://formapprovals.talarian.io/?${UTM}`,
    product_id: "form-approvals",
  },
  {
    name: "Sheets Sync",
    description: null,
    image: "/images/promo-sheets-sync.svg",
    type: "text",
    url: `https://talarian.io/?${UTM}`,
    product_id: "sheets-sync",
  },
];

export async function seedPromotions(db: BackendDb): Promise<void> {
  await db
    .insertInto("promotions")
    .values(
      SIDEBAR_PROMOTIONS.map((promotion, position) => ({
        project: "webapp",
        placement: "sidebar",
        position,
        ...promotion,
      })),
    )
    .execute();
}
