import { useId } from "react";
import { accountMenuTexts } from "~/domain/shell-texts";
import { buttonClass, menuItemClass, Icon, lazyConformForm } from "~/components/ui";

const LogoutForm = lazyConformForm("logout-form", () =>
  import("~/domain/auth-forms").then((module) => module.logoutSchema),
);

/** Logout is a POST (ARCHITECTURE: GET never mutates); a full page load follows. */
export function LogoutButton({ variant = "menu" }: { variant?: "menu" | "button" }) {
  const id = useId();
  return (
    <LogoutForm id={id} method="post" action="/logout" reloadDocument>
      <button type="submit" className={variant === "menu" ? menuItemClass : buttonClass("secondary")}>
        <Icon name="log-out" className="h-5 w-5 text-slate-500" />
        {accountMenuTexts.logOut}
      </button>
    </LogoutForm>
  );
}
