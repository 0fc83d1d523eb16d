import type { BackendDb } from "../db/connection";

export function findBillingCustomer(db: BackendDb, workspaceId: string) {
  return db.selectFrom("billing_customers").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();
}

export type BillingCustomerRow = NonNullable<Awaited<ReturnType<typeof findBillingCustomer>>>;

export interface BillingCustomerRecord {
  workspaceId: string;
  stripeCustomerId: string;
  country: string;
  companyName: string | null;
  vatNumber: string | null;
  taxRateId: string | null;
  taxRateCountry: string | null;
  now: number;
}

/** The space's Stripe customer and billing facts, made or brought up to date by a checkout. */
export async function saveBillingCustomer(db: BackendDb, customer: BillingCustomerRecord): Promise<void> {
  const fields = {
    stripe_customer_id: customer.stripeCustomerId,
    country: customer.country,
    company_name: customer.companyName,
    vat_number: customer.vatNumber,
    tax_rate_id: customer.taxRateId,
    tax_rate_country: customer.taxRateCountry,
  };
  await db
    .insertInto("billing_customers")
    .values({ ...fields, workspace_id: customer.workspaceId, created_at: customer.now })
    .onConflict((oc) => oc.column("workspace_id").doUpdateSet(fields))
    .execute();
}
