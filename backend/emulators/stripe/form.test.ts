import { describe, expect, it } from "vitest";
import { parseStripeForm } from "./form";

describe("parseStripeForm (Stripe's form encoding)", () => {
  it("nests bracketed names and turns numbered keys into arrays, in order", () => {
    const params = new URLSearchParams(
      "mode=subscription&line_items[1][price]=b&line_items[0][price]=a&line_items[0][quantity]=3&metadata[space]=51&expand[0]=line_items",
    );
    expect(parseStripeForm(params)).toEqual({
      mode: "subscription",
      line_items: [{ price: "a", quantity: "3" }, { price: "b" }],
      metadata: { space: "51" },
      expand: ["line_items"],
    });
  });

  it("keeps plain names and empty values", () => {
    expect(parseStripeForm(new URLSearchParams("email=&limit=3"))).toEqual({ email: "", limit: "3" });
  });
});
