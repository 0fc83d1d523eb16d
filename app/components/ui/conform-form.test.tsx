import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { conformFormFor } from "./conform-form";

const Form = conformFormFor(z.object({ name: z.string().min(5).max(255) }));

function render(element: JSX.Element) {
  const Stub = createRemixStub([{ path: "/", Component: () => element }]);
  return renderToString(<Stub />);
}

describe("conformFormFor", () => {
  it("names the form for conform, which checks it with the schema instead of the browser", () => {
    const html = render(
      <Form id="rename" method="post">
        <input name="name" />
      </Form>,
    );
    expect(html).toContain('id="rename"');
    expect(html).toContain('method="post"');
    expect(html).toContain("novalidate");
    expect(html).not.toContain('role="alert"');
  });

  it("shows the action's refusal as the form's error", () => {
    const html = render(
      <Form id="rename" method="post" lastResult={{ status: "error", error: { "": ["Something went wrong."] } }}>
        <input name="name" />
      </Form>,
    );
    expect(html).toContain(`aria-describedby="rename-error"`);
    expect(html).toMatch(/<p id="rename-error" role="alert"[^>]*>Something went wrong\.<\/p>/);
  });
});
