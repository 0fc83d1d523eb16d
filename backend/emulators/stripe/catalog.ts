/**
 * The products and prices the local Stripe starts with (001 §9). Each price's
 * `lookup_key` is the backend's payment plan id (`pro-yearly-usd`, …), so the
 * backend finds its prices the same way against real Stripe.
 *
 * Amounts (per seat or per user, in the currency's smallest unit): the Gmail
 * Pro plan is 001 §9's PERSONAL (36 a year, 10 a month), the per-seat Pro plan
 * its PROFESSIONAL (60, 20); Premium is not priced by the spec: 120 and 40
 * here. Team sizes (5 to 100 users, legacy upgrades) are 001 §9's. EUR uses
 * the same figures, INR 80 times them.
 */
import type { Coupon, Price, Product } from "./objects";

export interface CatalogPrice {
  lookupKey: string;
  product: string;
  currency: "usd" | "eur" | "inr";
  interval: "year" | "month";
  unitAmount: number;
}

export const PRODUCTS = [
  { id: "prod_yamm_pro", name: "YAMM Pro (Google Workspace)" },
  { id: "prod_yamm_pro_personal", name: "YAMM Pro (Gmail)" },
  { id: "prod_yamm_premium", name: "YAMM Premium" },
  { id: "prod_yamm_team", name: "YAMM Team (legacy sizes)" },
] as const;

const DOLLARS: Array<{ key: string; product: string; year: number; month: number }> = [
  { key: "pro", product: "prod_yamm_pro", year: 60, month: 20 },
  { key: "pro-personal", product: "prod_yamm_pro_personal", year: 36, month: 10 },
  { key: "premium", product: "prod_yamm_premium", year: 120, month: 40 },
  { key: "team-5", product: "prod_yamm_team", year: 150, month: 50 },
  { key: "team-10", product: "prod_yamm_team", year: 270, month: 80 },
  { key: "team-25", product: "prod_yamm_team", year: 450, month: 167 },
  { key: "team-50", product: "prod_yamm_team", year: 750, month: 333 },
  { key: "team-100", product: "prod_yamm_team", year: 1200, month: 667 },
];

const CURRENCIES = [
  { currency: "usd", factor: 1 },
  { currency: "eur", factor: 1 },
  { currency: "inr", factor: 80 },
] as const;

export const PRICES: CatalogPrice[] = DOLLARS.flatMap(({ key, product, year, month }) =>
  CURRENCIES.flatMap(({ currency, factor }) =>
    (["year", "month"] as const).map((interval) => ({
      lookupKey: `${key}-${interval === "year" ? "yearly" : "monthly"}-${currency}`,
      product,
      currency,
      interval,
      unitAmount: (interval === "year" ? year : month) * factor * 100,
    })),
  ),
);

/** 001 §9 seat discounts, by their codes (used as the coupons' ids): forever, a percentage off. */
export const COUPONS = [
  { id: "5SEATS", percentOff: 20 },
  { id: "10SEATS", percentOff: 30 },
  { id: "25SEATS", percentOff: 40 },
  { id: "50SEATS", percentOff: 50 },
  { id: "100SEATS", percentOff: 60 },
] as const;

/** The catalog as Stripe objects, made at `created`: its products, prices (by id `price_` + the key with underscores) and coupons. */
export function catalogObjects(created: number) {
  const products = PRODUCTS.map((product): Product => ({
    ...product,
    object: "product",
    active: true,
    created,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: "service",
    updated: created,
    url: null,
  }));
  const prices = PRICES.map((price): Price => ({
    id: `price_${price.lookupKey.replace(/-/g, "_")}`,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: price.lookupKey,
    metadata: {},
    nickname: null,
    product: price.product,
    recurring: {
      interval: price.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: "licensed",
    },
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: "recurring",
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  }));
  const coupons = COUPONS.map((coupon): Coupon => ({
    id: coupon.id,
    object: "coupon",
    amount_off: null,
    created,
    currency: null,
    duration: "forever",
    duration_in_months: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    name: coupon.id,
    percent_off: coupon.percentOff,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  }));
  return { products, prices, coupons };
}
