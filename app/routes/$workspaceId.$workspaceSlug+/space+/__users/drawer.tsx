import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { Banner, buttonClass, ConfirmActions, Dialog, focusByScript, InfoTooltip } from "~/components/ui";
import { listHref } from "~/domain/list-query";
import { memberTypeTexts } from "~/domain/member-type";
import { drawerTexts } from "~/domain/member-drawer";
import { MEMBER_INTENTS, SELECTED_PARAM } from "~/domain/members";
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
 * manageUserRoles, never the owner), change type (through checkout), remove
 * (with its confirmation at `?confirm=remove`, or the reasons it is
 * refused), activate disabled members, resend or cancel pending invitations
 * (the cancel with its confirmation at `?confirm=cancel-invitation`). It
 * sticks to the bottom of the window while the table scrolls under it, so a
 * selection made anywhere in the list shows where the person is.
 */
export function MembersDrawer({ drawer, error }: { drawer: Drawer; error: string | null }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const keep = { page: new URLSearchParams(search).get("page") };
  // The selection (repeated `selected`) rides along: listHref keeps what it is not told to change.
  const withSelection = (changes: Record<string, string | null>) => listHref(pathname, search, { ...keep, ...changes });
  const title = drawerTexts.title(drawer.members.length);

  return (
    <>
      <aside
        aria-label={title}
        className="sticky bottom-0 z-20 max-h-[50vh] overflow-y-auto rounded-lg bg-white p-4 shadow-lg ring-1 ring-brand-100"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 break-words text-sm text-slate-600">
              {drawer.members.map((member) => member.name).join(", ")}
            </p>
          </div>
          <Link
            to={listHref(pathname, search, { [SELECTED_PARAM]: null, ...keep })}
            preventScrollReset
            // The drawer goes away with the selection: focus goes to the list it was about, not to the page.
            onClick={(event) =>
              focusByScript(event.currentTarget.closest("section")?.querySelector("table") ?? null, {
                preventScroll: true,
              })
            }
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
        <div className="mt-4 flex flex-wrap items-start gap-x-6 gap-y-4">
          {drawer.mixed ? <MixedSelection mixed={drawer.mixed} /> : null}
          {drawer.canChangeRole ? <RoleForm drawer={drawer} busy={busy} /> : null}
          {drawer.typeChange ? <TypeChange typeChange={drawer.typeChange} /> : null}
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
              <ActionButton
                intent={MEMBER_INTENTS.resend}
                drawer={drawer}
                by="email"
                busy={busy}
                label={drawerTexts.resend}
              />
              <Link
                to={withSelection({ confirm: CONFIRMATIONS.cancelInvitation })}
                preventScrollReset
                className={buttonClass("secondary")}
              >
                {drawerTexts.cancelInvitation}
              </Link>
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
                to={withSelection({ confirm: CONFIRMATIONS.remove })}
                preventScrollReset
                className={buttonClass("secondary", "text-red-700")}
              >
                {drawerTexts.remove}
              </Link>
            )
          ) : null}
        </div>
      </aside>
      {/* Outside the sticky drawer, whose layer would hold it under the top bar without JavaScript. A refused
          change closes the confirmation: its reason shows in the drawer. */}
      {drawer.confirming && !error ? (
        <Confirmation drawer={drawer} busy={busy} closeTo={withSelection({ confirm: null })} />
      ) : null}
    </>
  );
}

/** The confirmation's URL value (`?confirm=…`) of each action that asks first. */
const CONFIRMATIONS = { remove: "remove", cancelInvitation: "cancel-invitation" } as const;

/** Asks before removing the selected members or cancelling their invitations (002 §2 Remove confirmation). */
function Confirmation({ drawer, busy, closeTo }: { drawer: Drawer; busy: boolean; closeTo: string }) {
  const removing = drawer.confirming === CONFIRMATIONS.remove;
  const names = drawer.members.map((member) => (removing ? member.name : member.email)).join(", ");
  const count = drawer.members.length;
  return (
    <Dialog
      title={removing ? drawerTexts.confirmRemoveTitle : drawerTexts.confirmCancelInvitationTitle(count)}
      closeTo={closeTo}
    >
      <p className="text-sm text-slate-700">
        {removing ? drawerTexts.confirmRemove(names) : drawerTexts.confirmCancelInvitation(names, count)}
      </p>
      <Form method="post" preventScrollReset className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value={removing ? MEMBER_INTENTS.remove : MEMBER_INTENTS.cancelInvitation} />
        <Targets drawer={drawer} by={removing ? "userId" : "email"} />
        <ConfirmActions closeTo={closeTo} busy={busy} no={drawerTexts.cancel} yes={drawerTexts.proceed} />
      </Form>
    </Dialog>
  );
}

/** The role change (002 §6): the select starts at the selected members' own role. */
function RoleForm({ drawer, busy }: { drawer: Drawer; busy: boolean }) {
  const roleId = useId();
  return (
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
  );
}

/** The type change (002 §2, §5): through checkout, or refused with why. */
function TypeChange({ typeChange }: { typeChange: NonNullable<Drawer["typeChange"]> }) {
  const label = typeChange.to === "paid" ? memberTypeTexts.toPaid : memberTypeTexts.toFree;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{memberTypeTexts.label}</span>
      {typeChange.block ? (
        <BlockedAction label={label}>
          <p>{typeChange.block}</p>
        </BlockedAction>
      ) : (
        <Link to={typeChange.href} className={buttonClass("secondary", "self-start")}>
          {label}
        </Link>
      )}
    </div>
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
