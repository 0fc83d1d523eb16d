import { describe, expect, it } from "vitest";
import { currencyForCountry, taxRateFor } from "./taxes";

describe("currencyForCountry", () => {
  it("sells in euros to the EU, in rupees to India, in dollars elsewhere", () => {
    expect(["DE", "FR", "BE", "IE", "FI"].map(currencyForCountry)).toEqual(["EUR", "EUR", "EUR", "EUR", "EUR"]);
    expect(currencyForCountry("IN")).toBe("INR");
    expect(["US", "GB", "CH", "NO", "CA"].map(currencyForCountry)).toEqual(["USD", "USD", "USD", "USD", "USD"]);
  });
});

describe("taxRateFor", () => {
  it("charges the country's VAT on euros only", () => {
    expect(taxRateFor("EUR", "DE")).toBe(19);
    expect(taxRateFor("EUR", "FR")).toBe(20);
    expect(taxRateFor("EUR", "FI")).toBe(25.5);
    expect(taxRateFor("USD", "US")).toBe(0);
    expect(taxRateFor("INR", "IN")).toBe(0);
  });
});
