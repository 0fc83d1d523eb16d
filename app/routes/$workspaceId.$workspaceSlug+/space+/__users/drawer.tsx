import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { Banner, buttonClass, Dialog, InfoTooltip } from "~/components/ui";
import { listHref } from "~/domain/list-query";
import { memberTypeTexts } from "~/domain/member-type";
import { drawerTexts, MEMBER_INTENTS, SELECTED_PARAM } from "~/domain/members";
import type { loadMembersPage } from "../users.server";

type Drawer = NonNullable<Awaited<ReturnType<typeof loadMembersPage>>["drawer"]>;

/** The selected members as hidden fields of an action's form. */
function Targets({ drawer, by }: { drawer: Drawer; by: "userId" | "email" }) {
  return (
    <>
      {drawer.members.map((member) => (
        <input key={member.id} type="hidden" name={by} value={by === "userId" ? member.id : member.email} />
      ))}
    </>
  );
}

function ActionForm({
  intent,
  drawer,
  by,
  children,
}: {
  intent: string;
  drawer: Drawer;
  by: "userId" | "email";
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <Targets drawer={drawer} by={by} />
      {children}
    </Form>
  );
}

/** An action the selection may not take: shown disabled, described by why (002 §5, §6). */
function BlockedAction({ label, children }: { label: string; children: ReactNode }) {
  const reasonId = useId();
  return (
    <div className="flex flex-col items-start gap-2">
      <button type="button" disabled aria-describedby={reasonId} className={buttonClass("secondary")}>
        {label}
      </button>
      <div id={reasonId} className="text-sm text-slate-700">
        {children}
      </div>
    </div>
  );
}

/** One action on the selection: a form of its own with one button. */
function ActionButton({
  intent,
  drawer,
  by,
  busy,
  label,
}: {
  intent: string;
  drawer: Drawer;
  by: "userId" | "email";
  busy: boolean;
  label: string;
}) {
  return (
    <ActionForm intent={intent} drawer={drawer} by={by}>
      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
        {label}
      </button>
    </ActionForm>
  );
}

/**
 * The side drawer for the selected members (002 §2, §6): change role (owner,
 * manageUserRoles, never the owner), change type (through checkout), remove (with its confirmation at
 * `?confirm=remove`, or the reasons it is refused), activate disabled
 * members, resend or cancel pending invitations.
 */
export function MembersDrawer({ drawer, error }: { drawer: Drawer; error: string | null }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const keep = { page: new URLSearchParams(search).get("page") };
  // The selection (repeated `selected`) rides along: listHref keeps what it is not told to change.
  const withSelection = (changes: Record<string, string | null>) => listHref(pathname, search, { ...keep, ...changes });
  const names = drawer.members.map((member) => member.name).join(", ");
  const roleId = useId();

  return (
    <aside
      aria-label={drawerTexts.title(drawer.members.length)}
      className="ring-brand-200 rounded-lg bg-white p-4 shadow-sm ring-1"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{drawerTexts.title(drawer.members.length)}</h2>
          <p className="mt-1 break-words text-sm text-slate-600">{names}</p>
        </div>
        <Link
          to={listHref(pathname, search, { [SELECTED_PARAM]: null, ...keep })}
          preventScrollReset
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          {drawerTexts.clear}
        </Link>
      </div>
      {error ? (
        <div className="mt-3">
          <Banner tone="error" title={error} />
        </div>
      ) : null}
      <div className="mt-4 flex flex-col gap-4">
        {drawer.mixed ? <MixedSelection mixed={drawer.mixed} /> : null}
        {drawer.canChangeRole ? (
          <ActionForm intent={MEMBER_INTENTS.changeRole} drawer={drawer} by="userId">
            <div className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              <span className="inline-flex items-center gap-1">
                <label htmlFor={roleId}>{drawerTexts.role}</label>
                <InfoTooltip text={drawerTexts.roleTooltip} label={drawerTexts.roleHelp} />
              </span>
              <select
                // Starts at the selection's own role each time the selection changes.
                key={drawer.members.map((member) => member.id).join()}
                id={roleId}
                name="role"
                required
                defaultValue={drawer.currentRole ?? ""}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm"
              >
                {drawer.currentRole ? null : (
                  <option value="" disabled>
                    {drawerTexts.chooseRole}
                  </option>
                )}
                <option value="ADMIN">
                  {drawer.isPerSeat ? drawerTexts.roleOptions.ADMIN : drawerTexts.adminOptionOlderModel}
                </option>
                <option value="MEMBER">{drawerTexts.roleOptions.MEMBER}</option>
              </select>
            </div>
            <button type="submit" disabled={busy} className={buttonClass("secondary")}>
              {drawerTexts.changeRole}
            </button>
          </ActionForm>
        ) : null}
        {drawer.typeChange ? (
          <div className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">{memberTypeTexts.label}</span>
            {drawer.typeChange.block ? (
              <BlockedAction label={drawer.typeChange.to === "paid" ? memberTypeTexts.toPaid : memberTypeTexts.toFree}>
                <p>{drawer.typeChange.block}</p>
              </BlockedAction>
            ) : (
              <Link to={drawer.typeChange.href} className={buttonClass("secondary", "self-start")}>
                {drawer.typeChange.to === "paid" ? memberTypeTexts.toPaid : memberTypeTexts.toFree}
              </Link>
            )}
          </div>
        ) : null}
        {drawer.canActivate ? (
          drawer.activationBlock ? (
            <BlockedAction label={drawerTexts.activate}>
              <p>{drawer.activationBlock}</p>
            </BlockedAction>
          ) : (
            <ActionButton
              intent={MEMBER_INTENTS.activate}
              drawer={drawer}
              by="userId"
              busy={busy}
              label={drawerTexts.activate}
            />
          )
        ) : null}
        {drawer.canHandleInvitations ? (
          <div className="flex flex-wrap gap-2">
            {(["resend", "cancelInvitation"] as const).map((action) => (
              <ActionButton
                key={action}
                intent={MEMBER_INTENTS[action]}
                drawer={drawer}
                by="email"
                busy={busy}
                label={drawerTexts[action]}
              />
            ))}
          </div>
        ) : null}
        {drawer.canRemove ? (
          drawer.removalBlocks.length > 0 ? (
            <BlockedAction label={drawerTexts.remove}>
              <ul className="list-inside list-disc">
                {drawer.removalBlocks.map((block) => (
                  <li key={block.id}>
                    <span className="font-medium">{block.name}</span>: {block.reason}
                  </li>
                ))}
              </ul>
            </BlockedAction>
          ) : (
            <Link
              to={withSelection({ confirm: "remove" })}
              preventScrollReset
              className={buttonClass("secondary", "self-start text-red-700")}
            >
              {drawerTexts.remove}
            </Link>
          )
        ) : null}
      </div>
      {/* A refused removal closes the confirmation: its reason shows in the drawer. */}
      {drawer.confirmingRemoval && !error ? (
        <Dialog title={drawerTexts.confirmRemoveTitle} closeTo={withSelection({ confirm: null })}>
          <p className="text-sm text-slate-700">{drawerTexts.confirmRemove(names)}</p>
          <Form method="post" preventScrollReset className="mt-6 flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value={MEMBER_INTENTS.remove} />
            <Targets drawer={drawer} by="userId" />
            <Link to={withSelection({ confirm: null })} replace preventScrollReset className={buttonClass("secondary")}>
              {drawerTexts.cancel}
            </Link>
            <button type="submit" disabled={busy} className={buttonClass("primary")}>
              {drawerTexts.proceed}
            </button>
          </Form>
        </Dialog>
      ) : null}
    </aside>
  );
}

/** Invitations and members selected together: what each can do, and a link to keep either part (002 §2). */
function MixedSelection({ mixed }: { mixed: NonNullable<Drawer["mixed"]> }) {
  const { pathname, search } = useLocation();
  const keepOnly = (members: ReadonlyArray<{ id: string }>) => {
    const params = new URLSearchParams(search);
    params.delete(SELECTED_PARAM);
    params.delete("confirm");
    for (const member of members) params.append(SELECTED_PARAM, member.id);
    return `${pathname}?${params}`;
  };
  const texts = drawerTexts.mixed;
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <p>{texts.text}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-2">
        <Link to={keepOnly(mixed.invitations)} preventScrollReset className="font-semibold text-brand-700 underline">
          {texts.keepInvitations(mixed.invitations.length)}
        </Link>
        <Link to={keepOnly(mixed.members)} preventScrollReset className="font-semibold text-brand-700 underline">
          {texts.keepMembers(mixed.members.length)}
        </Link>
      </p>
    </div>
  );
}
