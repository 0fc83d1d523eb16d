import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { ConsentNote } from "./__consent-note";
import { GoogleButton } from "~/components/google-button";
import {
  isLoginError,
  loginErrorMessages,
  loginFooterLinks,
  loginTexts,
  reviewBadges,
  testimonials,
  type LoginError,
} from "~/domain/login";
import { pageTitle } from "~/domain/page-title";
import { safeRedirect } from "~/utils/safe-redirect";
import { readSessionData } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  const continueTo = url.searchParams.has("continue") ? safeRedirect(url.searchParams.get("continue")) : null;
  // Someone already signed in goes on, unless the page is telling them about an error.
  if (!error && (await readSessionData(request))) throw redirect(continueTo ?? "/");
  const email = url.searchParams.get("email");
  return {
    error: isLoginError(error) ? error : null,
    email: email && email.length <= 320 ? email : null,
    continueTo,
  };
}

export default function LoginPage() {
  const { error, email, continueTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";

  return (
    <div className="flex min-h-full flex-col">
      <main className="mx-auto grid w-full max-w-6xl flex-1 gap-10 px-6 py-12 laptop:grid-cols-2 laptop:items-center">
        <section
          aria-labelledby="login-heading"
          className="mx-auto w-full max-w-md rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
        >
          <p className="mb-6 text-2xl font-black tracking-tight text-brand-700">YAMM</p>
          {busy ? (
            <p role="status" className="flex items-center gap-3 text-slate-700">
              <span
                aria-hidden="true"
                className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
              />
              {loginTexts.loading}
            </p>
          ) : error === "no-user" ? (
            <NoUser email={email} continueTo={continueTo} />
          ) : (
            <SignIn error={error} continueTo={continueTo} />
          )}
          <ConsentNote />
        </section>
        <Marketing />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-6 py-4 text-sm text-slate-600">
          {loginFooterLinks.map((link) => (
            <li key={link.href}>
              <a className="hover:underline" href={link.href}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </footer>
    </div>
  );
}

function SignIn({ error, continueTo }: { error: Exclude<LoginError, "no-user"> | null; continueTo: string | null }) {
  return (
    <>
      <h1 id="login-heading" className="mb-6 text-3xl font-bold">
        {loginTexts.welcome}
      </h1>
      {error ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {loginErrorMessages[error]}
        </p>
      ) : null}
      <GoogleButton intent="sign-in" label={loginTexts.signIn} continueTo={continueTo} />
      <p className="mb-3 mt-8 text-slate-700">{loginTexts.noAccountYet}</p>
      <GoogleButton
        intent="create-account"
        label={loginTexts.createAccount}
        continueTo={continueTo}
        variant="secondary"
      />
    </>
  );
}

function NoUser({ email, continueTo }: { email: string | null; continueTo: string | null }) {
  return (
    <>
      <h1 id="login-heading" className="mb-3 text-2xl font-bold">
        {loginTexts.noUserTitle}
      </h1>
      <p role="alert" className="mb-6 text-slate-700">
        {loginTexts.noUser(email)}
      </p>
      <GoogleButton
        intent="create-account"
        label={loginTexts.createAccount}
        continueTo={continueTo}
        loginHint={email}
      />
      <p className="mb-3 mt-8 text-slate-700">{loginTexts.otherAccountQuestion}</p>
      <GoogleButton
        intent="switch-account"
        label={loginTexts.signInWithAnother}
        continueTo={continueTo}
        variant="secondary"
      />
    </>
  );
}

function Marketing() {
  return (
    <aside aria-label="What our users say" className="space-y-6">
      <ul className="space-y-4">
        {testimonials.map((testimonial) => (
          <li key={testimonial.author} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <blockquote className="text-slate-800">“{testimonial.quote}”</blockquote>
            <p className="mt-2 text-sm text-slate-600">
              {testimonial.author}, {testimonial.role}
            </p>
          </li>
        ))}
      </ul>
      <ul className="grid grid-cols-3 gap-3" aria-label="Reviews">
        {reviewBadges.map((badge) => (
          <li key={badge.name} className="rounded-lg bg-white p-3 text-center text-sm shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">{badge.rating}</p>
            <p className="text-slate-700">{badge.name}</p>
            <p className="text-xs text-slate-600">{badge.detail}</p>
          </li>
        ))}
      </ul>
    </aside>
  );
}

export const meta = () => [
  ...pageTitle(loginTexts.title),
  { name: "description", content: loginTexts.metaDescription },
];

export { FullPageErrorBoundary as ErrorBoundary } from "~/components/ui";
