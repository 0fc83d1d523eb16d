import { useId } from "react";
import type { AuthIntent } from "~/domain/login";
import { menuItemClass } from "./ui/button";
import { lazyConformForm } from "./ui/lazy-hydrated";

const SignInForm = lazyConformForm(() => import("~/domain/auth-forms").then((module) => module.signInSchema));

const buttonBase =
  "flex w-full items-center justify-center gap-3 rounded-md border px-4 py-2.5 font-medium shadow-sm disabled:opacity-60";

/** A Google sign-in button: a POST form to /auth/google, so it works before JavaScript loads. */
export function GoogleButton({
  intent,
  label,
  continueTo,
  loginHint,
  variant = "primary",
  disabled,
}: {
  intent: AuthIntent;
  label: string;
  continueTo?: string | null;
  loginHint?: string | null;
  /** "menu": a row of a menu, such as the account menu's Switch account. */
  variant?: "primary" | "secondary" | "menu";
  disabled?: boolean;
}) {
  const styles = {
    primary: `${buttonBase} bg-brand-600 text-white hover:bg-brand-700 border-transparent`,
    secondary: `${buttonBase} bg-white text-slate-800 hover:bg-slate-50 border-slate-300`,
    menu: menuItemClass,
  }[variant];
  const id = useId();
  return (
    <SignInForm id={id} method="post" action="/auth/google" reloadDocument>
      <input type="hidden" name="intent" value={intent} />
      {continueTo ? <input type="hidden" name="continue" value={continueTo} /> : null}
      {loginHint ? <input type="hidden" name="loginHint" value={loginHint} /> : null}
      <button type="submit" disabled={disabled} className={styles}>
        <GoogleMark />
        {label}
      </button>
    </SignInForm>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48" className="shrink-0 rounded-sm bg-white p-px">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
