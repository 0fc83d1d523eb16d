import { describe, expect, it } from "vitest";
import { catalogObjects } from "./catalog";
import { update, type Price, type Subscription } from "./objects";

/**
 * The kept objects are the SDK's types: `npm run typecheck` checks these
 * lines (a `@ts-expect-error` that no longer errs fails it), vitest the
 * values.
 */
describe("kept objects", () => {
  const [price] = catalogObjects(1_700_000_000).prices;

  it("refuse a field Stripe does not have, or of another type", () => {
    // @ts-expect-error: no such field on a price.
    const unknown: Price = { ...price!, amount: 6000 };
    // @ts-expect-error: unit_amount is a number.
    const mistyped: Price = { ...price!, unit_amount: "6000" };
    expect([unknown.id, mistyped.id]).toEqual([price!.id, price!.id]);
  });

  it("keep decimals as the wire's strings and expandable fields as ids", () => {
    expect(price).toMatchObject({ unit_amount: 6000, unit_amount_decimal: "6000", product: "prod_yamm_pro" });
    const product: Price["product"] = "prod_yamm_pro";
    // @ts-expect-error: an expandable field is kept as an id.
    const expanded: Subscription["customer"] = { id: "cus_1", object: "customer" };
    expect([product, expanded]).toHaveLength(2);
  });

  it("change fields only to values of their types", () => {
    const changed = update({ ...price! }, { active: false });
    expect(changed.active).toBe(false);
    // @ts-expect-error: no such field.
    update({ ...price! }, { archived: true });
  });
});
