import { describe, expect, it } from "vitest";
import {
  checkoutFormMessages as m,
  checkoutFormSchema,
  detailsSchema,
  removableTotals,
  seatsToAddSchema,
  seatTotalSchema,
  teamSeatsSchema,
} from "./checkout-form";

const valid = { country: "US", name: "Bea Birch", street: "1 Main St", city: "Springfield" };
const errorsOf = (input: Record<string, string>) => {
  const result = checkoutFormSchema.safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("billing information (001 §5)", () => {
  it("accepts a person's purchase outside Europe, without the business question", () => {
    const result = checkoutFormSchema.parse({ ...valid, isBusinessPurchase: "yes", vatNumber: "X" });
    expect(result).toMatchObject({ country: "US", isBusinessPurchase: false, vatNumber: null, state: null });
  });

  it("says each required field with its message", () => {
    expect(errorsOf({})).toMatchObject({
      country: [m.country],
      name: [m.name],
      street: [m.street],
      city: [m.city],
    });
    expect(errorsOf({ ...valid, country: "us" }).country).toEqual([m.country]);
    expect(errorsOf({ ...valid, city: "X" }).city).toEqual([m.city]);
    expect(errorsOf({ ...valid, name: "   " }).name).toEqual([m.name]);
  });

  it("asks Europeans whether they buy for a business", () => {
    expect(errorsOf({ ...valid, country: "FR" }).isBusinessPurchase).toEqual([m.business]);
    expect(checkoutFormSchema.parse({ ...valid, country: "FR", isBusinessPurchase: "no" }).isBusinessPurchase).toBe(
      false,
    );
  });

  it("needs the VAT ID and company name of a business purchase, and limits its name to 30", () => {
    const business = { ...valid, country: "DE", isBusinessPurchase: "yes" };
    expect(errorsOf(business)).toMatchObject({ vatNumber: [m.vatId], companyName: [m.companyName] });
    expect(errorsOf({ ...business, vatNumber: "D", companyName: "Birch" }).vatNumber).toEqual([m.vatId]);
    expect(errorsOf({ ...business, vatNumber: "DE123", companyName: "Birch", name: "x".repeat(31) }).name).toEqual([
      m.businessNameLong,
    ]);
    expect(checkoutFormSchema.parse({ ...business, vatNumber: "DE123456789", companyName: "Birch" })).toMatchObject({
      isBusinessPurchase: true,
      vatNumber: "DE123456789",
      companyName: "Birch",
    });
  });

  it("says everything wrong at once", () => {
    expect(errorsOf({ country: "DE", isBusinessPurchase: "yes", name: "Ava", city: "B" })).toEqual({
      vatNumber: [m.vatId],
      companyName: [m.companyName],
      street: [m.street],
      city: [m.city],
    });
  });

  it("limits the other fields", () => {
    expect(errorsOf({ ...valid, name: "x".repeat(257) }).name).toEqual([m.nameLong]);
    expect(errorsOf({ ...valid, companyName: "x".repeat(257) }).companyName).toEqual([m.companyNameLong]);
    expect(errorsOf({ ...valid, postalCode: "1".repeat(31) }).postalCode).toEqual([m.postalCodeLong]);
    expect(errorsOf({ ...valid, state: "x".repeat(257) }).state).toEqual([m.stateLong]);
  });
});

describe("seat counts", () => {
  it("takes digits from 2 to 100 for a team (001 §5)", () => {
    expect(teamSeatsSchema().parse("12")).toBe(12);
    for (const bad of ["1", "101", "2.5", "-3", "ten", ""])
      expect(teamSeatsSchema().safeParse(bad).error?.issues[0]?.message).toBe("The number must be between 2 and 100.");
    expect(teamSeatsSchema(2).safeParse("3").error?.issues[0]?.message).toBe("The only allowed number is 2.");
  });

  it("buys one seat for myself, the count for a team", () => {
    expect(detailsSchema.parse({ purchaseFor: "myself", seats: "40" })).toEqual({ purchaseFor: "myself" });
    expect(detailsSchema.parse({ purchaseFor: "team", seats: "4" })).toEqual({ purchaseFor: "team", seats: 4 });
  });

  it("takes the seats to add from 1 to what is addable, and refuses any other count, never clamping it (issue 34)", () => {
    expect(seatsToAddSchema(90).parse({ seats: "5" })).toEqual({ seats: 5 });
    expect(seatsToAddSchema(90).parse({ seats: "90" })).toEqual({ seats: 90 });
    for (const bad of ["91", "120", "0", "-1", "abc", "2.5", "", undefined]) {
      expect(seatsToAddSchema(90).safeParse({ seats: bad }).error?.issues[0]?.message).toBe(
        "The number must be between 1 and 90.",
      );
    }
    expect(seatsToAddSchema(1).safeParse({ seats: "2" }).error?.issues[0]?.message).toBe("The only allowed number is 1.");
  });

  it("takes a removal total from the seats in use to one less than now, and refuses any other (issue 34)", () => {
    expect(seatTotalSchema(6, 2).parse({ seats: "2" })).toEqual({ seats: 2 });
    for (const bad of ["1", "6", "x"]) {
      expect(seatTotalSchema(6, 2).safeParse({ seats: bad }).error?.issues[0]?.message).toBe(
        "The number must be between 2 and 5.",
      );
    }
    expect(seatTotalSchema(3, 0).safeParse({ seats: "0" }).error?.issues[0]?.message).toBe(
      "The number must be between 1 and 2.",
    );
  });

  it("offers removal totals from the total minus 1 down to the assigned seats", () => {
    expect(removableTotals(6, 2)).toEqual([5, 4, 3, 2]);
    expect(removableTotals(4, 4)).toEqual([]);
    expect(removableTotals(3, 0)).toEqual([2, 1]);
  });
});
