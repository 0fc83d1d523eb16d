import { Form } from "@remix-run/react";
import { accountMenuTexts } from "~/domain/shell-texts";
import { buttonClass, menuItemClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** Logout is a POST (ARCHITECTURE: GET never mutates); a full page load follows. */
export function LogoutButton({ variant = "menu" }: { variant?: "menu" | "button" }) {
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={variant === "menu" ? menuItemClass : buttonClass("secondary")}>
        <Icon name="log-out" className="h-5 w-5 text-slate-500" />
        {accountMenuTexts.logOut}
      </button>
    </Form>
  );
}
