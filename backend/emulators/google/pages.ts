import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { GoogleIdentity } from "./identity";

/** Every authorization-request parameter the chooser carries from GET to POST. */
export const AUTH_PARAM_NAMES = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "prompt",
  "login_hint",
  "access_type",
  "include_granted_scopes",
  "nonce",
  "code_challenge",
  "code_challenge_method",
] as const;

export type AuthParams = Partial<Record<(typeof AUTH_PARAM_NAMES)[number], string>>;

export const AUTH_PATH = "/o/oauth2/v2/auth";

export interface ChooserOptions {
  params: AuthParams;
  /** Accounts in display order; the hinted one first. */
  accounts: readonly GoogleIdentity[];
  hintedEmail?: string;
  /** Where the user returns, shown like Google's "to continue to …". */
  clientHost: string;
  otherAccount?: { email: string; name: string; error: string };
}

// Inline and script-free on purpose: the page must work in the no-js browser
// project and under a CSP of `default-src 'none'`.
const STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:#f1f3f4;color:#202124;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{width:100%;max-width:28rem;margin:2rem 1rem;padding:2rem 1.5rem;background:#fff;border:1px solid #dadce0;border-radius:8px}
.brand{margin:0 0 .5rem;font-weight:600;color:#3c4043}
.tag{margin-left:.5rem;padding:.1rem .5rem;border-radius:1rem;background:#fef7e0;color:#7a4b00;font-size:.75rem;font-weight:600}
h1{margin:0;font-size:1.5rem;font-weight:500}
h2{margin:0 0 .5rem;font-size:1rem;font-weight:600}
.lead{margin:.25rem 0 1.5rem;color:#3c4043}
ul{list-style:none;margin:0 0 1.5rem;padding:0;border-top:1px solid #dadce0}
li{border-bottom:1px solid #dadce0}
button{font:inherit;cursor:pointer}
.account{display:flex;gap:.75rem;align-items:center;width:100%;padding:.75rem .5rem;border:0;background:none;color:inherit;text-align:left}
.account:hover{background:#f8f9fa}
.account img{flex:none;border-radius:50%}
.who{display:flex;flex-direction:column;min-width:0}
.name{font-weight:500}
.email{color:#3c4043;font-size:.875rem;overflow-wrap:anywhere}
.hinted{background:#e8f0fe}
.badge{margin-left:auto;padding:.1rem .5rem;border-radius:1rem;background:#1a73e8;color:#fff;font-size:.75rem}
.other{margin:0 0 1.5rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:500}
.optional{font-weight:400;color:#3c4043}
input{width:100%;padding:.625rem .75rem;border:1px solid #5f6368;border-radius:4px;font:inherit;color:inherit}
input[aria-invalid=true]{border-color:#c5221f}
.error{margin:.25rem 0 0;color:#c5221f;font-size:.875rem}
.primary,.secondary{margin-top:1rem;padding:.5rem 1.5rem;border-radius:4px;font-weight:500}
.primary{border:1px solid #1a73e8;background:#1a73e8;color:#fff}
.primary:hover{background:#1765cc}
.secondary{border:1px solid #dadce0;background:#fff;color:#1a56c4}
.secondary:hover{background:#f8f9fa}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`;

function layout(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} – Google Accounts (local emulator)</title>
        <style>
          ${raw(STYLES)}
        </style>
      </head>
      <body>
        <main>
          <p class="brand">Google<span class="tag">local emulator</span></p>
          ${body}
        </main>
      </body>
    </html> `;
}

function hiddenFields(params: AuthParams) {
  return AUTH_PARAM_NAMES.map((name) =>
    params[name] === undefined ? "" : html`<input type="hidden" name="${name}" value="${params[name]}" />`,
  );
}

function accountButton(account: GoogleIdentity, hinted: boolean) {
  return html`<li>
    <button type="submit" name="email" value="${account.email}" class="${hinted ? "account hinted" : "account"}">
      <img src="${account.picture}" alt="" width="32" height="32" />
      <span class="who"><span class="name">${account.name}</span> <span class="email">${account.email}</span></span>
      ${hinted ? html`<span class="badge">Suggested</span>` : ""}
    </button>
  </li>`;
}

export function chooserPage({ params, accounts, hintedEmail, clientHost, otherAccount }: ChooserOptions) {
  const error = otherAccount?.error;
  // A hinted address that is not a listed account is offered in the typed-address form instead.
  const hintedOther = hintedEmail && !accounts.some((account) => account.email === hintedEmail) ? hintedEmail : "";
  return layout(
    "Choose an account",
    html`<h1>Choose an account</h1>
      <p class="lead">to continue to <strong>${clientHost}</strong></p>
      <form method="post" action="${AUTH_PATH}">
        ${hiddenFields(params)}
        <ul aria-label="Accounts">
          ${accounts.map((account) => accountButton(account, account.email === hintedEmail))}
        </ul>
      </form>
      <form method="post" action="${AUTH_PATH}" class="other" aria-labelledby="other-heading">
        ${hiddenFields(params)}
        <h2 id="other-heading">Use another account</h2>
        <label for="other-email">Email</label>
        <input
          id="other-email"
          name="email"
          type="email"
          autocomplete="email"
          required
          value="${otherAccount?.email ?? hintedOther}"
          ${error ? html` aria-invalid="true" aria-describedby="other-email-error"` : ""}
        />
        ${error ? html`<p id="other-email-error" class="error" role="alert">${error}</p>` : ""}
        <label for="other-name">Name <span class="optional">(optional)</span></label>
        <input id="other-name" name="name" autocomplete="name" maxlength="100" value="${otherAccount?.name ?? ""}" />
        <button type="submit" class="primary">Continue</button>
      </form>
      <form method="post" action="${AUTH_PATH}">
        ${hiddenFields(params)}
        <button type="submit" name="action" value="deny" class="secondary">Cancel</button>
      </form>`,
  );
}

export function errorPage(error: string, description: string) {
  return layout(
    "Authorization error",
    html`<h1>Access blocked: authorization error</h1>
      <p class="lead">${description}</p>
      <p>Error 400: <code>${error}</code></p>`,
  );
}
