import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize-html.server";

describe("sanitizeHtml", () => {
  it("keeps ordinary e-mail markup", () => {
    const html =
      '<table width="600" cellpadding="0" style="border-collapse: collapse"><tr><td align="center" style="color:#333;font-family:Arial, sans-serif">' +
      '<h1>Hello {{First name}}</h1><p>Our <strong>new</strong> <em>offer</em>.<br/>See <a href="https://example.com/?a=1&amp;b=2">the site</a>.</p>' +
      '<img src="https://example.com/logo.png" alt="Logo" width="120"></td></tr></table>';
    expect(sanitizeHtml(html)).toBe(
      '<table width="600" cellpadding="0" style="border-collapse: collapse"><tr><td align="center" style="color: #333; font-family: Arial, sans-serif">' +
        '<h1>Hello {{First name}}</h1><p>Our <strong>new</strong> <em>offer</em>.<br>See <a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">the site</a>.</p>' +
        '<img src="https://example.com/logo.png" alt="Logo" width="120"></td></tr></table>',
    );
  });

  it("drops scripts, styles and frames with their content", () => {
    expect(
      sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="x">y</iframe><p>b</p>'),
    ).toBe("<p>a</p><p>b</p>");
    expect(sanitizeHtml("<SCRIPT >alert(1)</SCRIPT ><p>ok</p>")).toBe("<p>ok</p>");
    // An unclosed script swallows the rest rather than leaking it.
    expect(sanitizeHtml("<p>ok</p><script>alert(1)")).toBe("<p>ok</p>");
  });

  it("drops event handlers and any attribute not on the list", () => {
    expect(sanitizeHtml('<img src="https://x.test/a.png" onerror="alert(1)" class="evil" id="main">')).toBe(
      '<img src="https://x.test/a.png">',
    );
    expect(sanitizeHtml('<p onclick="x()" data-x="1" title="Hi &amp; bye">t</p>')).toBe(
      '<p title="Hi &amp; bye">t</p>',
    );
  });

  it("refuses dangerous URLs, however they are spelled", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java&#115;cript:alert(1)",
      "&#106;avascript:alert(1)",
      "&#x6A;avascript:alert(1)",
      "javascript&colon;alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "/relative/path",
      "//evil.test/",
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe("<a>x</a>");
    }
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe("<img>");
    expect(sanitizeHtml('<a href="mailto:a@b.test">mail</a>')).toBe(
      '<a href="mailto:a@b.test" target="_blank" rel="noopener noreferrer">mail</a>',
    );
  });

  it("writes attribute values back escaped, so quotes cannot break out", () => {
    expect(sanitizeHtml(`<img alt='a"><script>alert(1)</script>' src="https://x.test/i.png">`)).toBe(
      '<img alt="a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" src="https://x.test/i.png">',
    );
    expect(sanitizeHtml("<p title=a&quot;b>t</p>")).toBe('<p title="a&quot;b">t</p>');
  });

  it("keeps only plain inline styles", () => {
    expect(
      sanitizeHtml('<p style="color: red; background-image: url(https://x.test/t.png); position: fixed; top: 0">t</p>'),
    ).toBe('<p style="color: red">t</p>');
    expect(sanitizeHtml('<p style="width: expression(alert(1)); margin: 0 auto">t</p>')).toBe(
      '<p style="margin: 0 auto">t</p>',
    );
    expect(sanitizeHtml('<p style="color: \\72 ed; font-size: 14px">t</p>')).toBe('<p style="font-size: 14px">t</p>');
    expect(sanitizeHtml('<p style="background: url(javascript:alert(1))">t</p>')).toBe("<p>t</p>");
  });

  it("escapes text and keeps character references", () => {
    expect(sanitizeHtml("1 < 2 > 0 & 3 &amp; &nbsp; &#169; &copy;")).toBe(
      "1 &lt; 2 &gt; 0 &amp; 3 &amp; &nbsp; &#169; &copy;",
    );
    expect(sanitizeHtml("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(sanitizeHtml("a <3 b")).toBe("a &lt;3 b");
  });

  it("drops unknown tags but keeps their text, and drops comments and doctypes", () => {
    expect(
      sanitizeHtml("<!DOCTYPE html><html><body><font face=x>Hi</font><!-- <script>x</script> --></body></html>"),
    ).toBe("Hi");
    expect(sanitizeHtml('<form action="https://evil.test"><input name="q" value="v">text</form>')).toBe("text");
    expect(
      sanitizeHtml(
        '<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test"><p>x</p>',
      ),
    ).toBe("<p>x</p>");
  });

  it("balances tags, so stray closing tags cannot close the page's own elements", () => {
    expect(sanitizeHtml("</div></main><p>a")).toBe("<p>a</p>");
    expect(sanitizeHtml("<div><p><b>x</div>y</p>")).toBe("<div><p><b>x</b></p></div>y");
    expect(sanitizeHtml("<table><tr><td><div>x</td></tr></table></div>")).toBe(
      "<table><tr><td><div>x</div></td></tr></table>",
    );
  });

  it("treats a lone < as text", () => {
    expect(sanitizeHtml('<a href="https://x.test/>unterminated')).toBe('&lt;a href="https://x.test/&gt;unterminated');
    expect(sanitizeHtml("<<p>x</p>")).toBe("&lt;<p>x</p>");
  });
});
