import { describe, expect, it } from "vitest";
import { parseSheetKey, sheetUrl } from "./sheet-links";

describe("parseSheetKey", () => {
  it("splits at the last hyphen, so spreadsheet ids keep theirs", () => {
    expect(parseSheetKey("1AbC-dEf_gHi-jKl-0")).toEqual({ spreadsheetId: "1AbC-dEf_gHi-jKl", sheetId: "0" });
    expect(parseSheetKey("1xyz-123456789")).toEqual({ spreadsheetId: "1xyz", sheetId: "123456789" });
  });
  it("copes with keys without a sheet part", () => {
    expect(parseSheetKey("1xyz")).toEqual({ spreadsheetId: "1xyz", sheetId: null });
    expect(parseSheetKey("1xyz-")).toEqual({ spreadsheetId: "1xyz", sheetId: null });
    expect(parseSheetKey("")).toBeNull();
  });
});

describe("sheetUrl", () => {
  it("opens the spreadsheet on the merge's tab", () => {
    expect(sheetUrl("1AbC-dEf_gHi-jKl-1290384")).toBe(
      "https://docs.google.com/spreadsheets/d/1AbC-dEf_gHi-jKl/edit#gid=1290384",
    );
  });
  it("opens the spreadsheet alone when there is no tab", () => {
    expect(sheetUrl("1xyz")).toBe("https://docs.google.com/spreadsheets/d/1xyz/edit");
    expect(sheetUrl("  ")).toBeNull();
  });
  it("cannot be steered elsewhere by a strange key", () => {
    expect(sheetUrl("../../evil?x=1#-0")).toBe(
      "https://docs.google.com/spreadsheets/d/..%2F..%2Fevil%3Fx%3D1%23/edit#gid=0",
    );
  });
});
