import { ESLint } from "eslint";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The project's own ESLint configuration on classes of a file of app/: a
 * breakpoint prefix tailwind.config.ts does not define (it replaces
 * Tailwind's sm, md, lg… with the spec's, 000 §9) generates no CSS, silently.
 */
const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function messages(code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, "app/routes/example.tsx") });
  return result.messages.filter((message) => message.ruleId === "local/tailwind-variants").map((m) => m.message);
}

describe("Tailwind variants", () => {
  it.each([
    ["sm:flex", 'export const a = <p className="hidden sm:flex" />;\n'],
    ["md:grid-cols-2", "export const a = `grid ${'x'} md:grid-cols-2`;\n"],
    ["lg:grid-cols-[minmax(0,1fr)_20rem]", 'export const a = "grid lg:grid-cols-[minmax(0,1fr)_20rem]";\n'],
    ["xl:hover:underline", 'export const a = "xl:hover:underline";\n'],
    ["max-sm:hidden", 'export const a = "max-sm:hidden";\n'],
  ])("refuses %s", async (token, code) => {
    const found = await messages(code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`\`${token}\` generates no CSS`);
    expect(found[0]).toContain("small-mobile, mobile, tablet, laptop, desktop");
  });

  it("accepts the configured breakpoints, other variants, arbitrary ones, and text that is no class", async () => {
    const code = [
      'export const a = "small-mobile:p-2 mobile:flex-row tablet:hidden laptop:grid-cols-[minmax(0,1fr)_20rem] desktop:grid-cols-4";',
      'export const b = "hover:underline focus-visible:ring-2 peer-open:block has-[:checked]:ring-2 aria-[invalid]:border-red-600";',
      'export const c = "[&:not(:first-child)]:mt-2 max-tablet:hidden";',
      'export const d = "mailto:someone@example.test Note: block https://example.test";',
      "",
    ].join("\n");
    expect(await messages(code)).toEqual([]);
  });
});
