import { useId } from "react";
import type { AuthIntent } from "~/domain/auth-forms";
import { menuItemClass, Icon, lazyConformForm } from "./ui";

const SignInForm = lazyConformForm("sign-in-form", () =>
  import("~/domain/auth-forms").then((module) => module.signInSchema),
);

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
  return <Icon name="google" className="h-[18px] w-[18px] rounded-sm bg-white p-px" />;
}
