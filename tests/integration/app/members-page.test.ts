/**
 * The members page (issue 7; 002 §2, §3, §6): the list with its state in the
 * URL, the seats of a per-seat space, the scheduled downgrade and its
 * cancellation, and who sees what.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/$workspaceId.$workspaceSlug+/space+/users";
import { loader as suggestLoader } from "~/routes/$workspaceId.$workspaceSlug+/space+/users_.suggest";
import { PERSONAS, SPACES } from "../../../backend/src/db/seed/personas";
import type { RunningBackend } from "../support/backend";
import { whileMembersMayNotInvite } from "../support/space-settings";
import { appRequest, loaderData, redirectTarget, signedTarget, run, signIn, startAppBackend } from "../support/app";

type Space = (typeof SPACES)[keyof typeof SPACES];
const paramsOf = (space: Space) => ({ workspaceId: space.id, workspaceSlug: space.slug });
const pageOf = (space: Space) => `/${space.id}/${space.slug}/space/users`;

interface Page {
  role: string;
  query: { q: string; sort: string; dir: string; page: number };
  rows: Array<{
    id: string;
    name: string;
    email: string;
    role: string;
    paid: boolean;
    status: string;
    note: string | null;
  }>;
  hasNextPage: boolean;
  seats: null | {
    totalSeats: number;
    assignedSeats: number;
    availableSeats: number;
    canManage: boolean;
    changeRefusal: string | null;
    removal: null | { fromSeats: number; toSeats: number; seatsRemoved: number; date: string };
  };
  showSeatsDialog: boolean;
  ownerEmail: string | null;
}

let backend: RunningBackend;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  // Cancelling Fern Studio's seat removal releases its Stripe schedule.
  backend = await startAppBackend({ localStripe: true });
  for (const person of [
    PERSONAS.owner,
    PERSONAS.admin,
    PERSONAS.member,
    PERSONAS.stella,
    PERSONAS.arlo,
    PERSONAS.maya,
    PERSONAS.premium,
    PERSONAS.emmaEvans,
  ]) {
    cookies[person.email] = (await signIn(backend, person.email)).cookie;
  }
});
afterAll(() => backend?.close());

async function page(email: string, space: Space = SPACES.acmeMarketing, search = "") {
  return loaderData<Page>(
    await run(loader, appRequest(`${pageOf(space)}${search}`, { cookie: cookies[email] }), paramsOf(space)),
  );
}

describe("the member table", () => {
  it("lists every member by name with role, type and status, the pending ones included", async () => {
    const { rows, query, hasNextPage } = await page(PERSONAS.owner.email);
    expect(query).toEqual({ q: "", sort: "name", dir: "asc", page: 1 });
    expect(hasNextPage).toBe(false);
    expect(rows).toHaveLength(14);
    const byEmail = (email: string) => rows.find((row) => row.email === email)!;
    expect(byEmail("owner@acme.test")).toMatchObject({
      name: "Olivia Owner",
      role: "OWNER",
      paid: true,
      status: "active",
      note: null,
    });
    expect(byEmail("member@acme.test")).toMatchObject({ paid: false, status: "active" });
    // A pending added member without a user shows the address as the name.
    expect(byEmail("nina.new@acme.test")).toMatchObject({ name: "nina.new@acme.test", status: "pending", paid: true });
    // By name as the rows show it (issue 26): the invitee without a name sorts by her address.
    const shown = rows.map((row) => row.name);
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    // Disabled, but nothing keeps Dan out (a handful of free members of 50): no reason is made up (issue 26).
    expect(byEmail("disabled@acme.test")).toMatchObject({ status: "disabled", note: null });
    expect(byEmail("tara.trial@acme.test")).toMatchObject({ status: "freeTrial", paid: false });
    expect(byEmail("tara.trial@acme.test").note).toMatch(/^Free trial until [A-Z][a-z]{2}\. \d{1,2}, \d{4}$/);
    expect(byEmail("uma.unlimited@acme.test").note).toBe("Free trial without end date");
    expect(byEmail("ivan.jones@acme.test").note).toBe("Free from the next renewal");
  });

  it("gives a disabled member the free limit as reason only while the space is at it (002 §8; Dan is activated further down)", async () => {
    const freeAllowance = (count: number) =>
      backend.db
        .updateTable("workspace_plan_features")
        .set({ allowed_user_count: count })
        .where("workspace_id", "=", SPACES.acmeMarketing.id)
        .where("user_plan", "=", "FREE")
        .execute();
    await freeAllowance(1);
    try {
      const { rows } = await page(PERSONAS.owner.email);
      expect(rows.find((row) => row.email === PERSONAS.disabled.email)?.note).toBe(
        "Your current plan does not allow more than 1 free users.",
      );
    } finally {
      await freeAllowance(50);
    }
  });

  it("keeps search, sort and page in the URL", async () => {
    const searched = await page(PERSONAS.admin.email, SPACES.acmeMarketing, "?q=GRACE");
    expect(searched.rows.map((row) => row.name)).toEqual(["Grace Hall"]);
    const byRole = await page(PERSONAS.admin.email, SPACES.acmeMarketing, "?sort=role");
    expect(byRole.rows.slice(0, 2).map((row) => row.role)).toEqual(["OWNER", "ADMIN"]);
    const byEmail = await page(PERSONAS.admin.email, SPACES.acmeMarketing, "?sort=email");
    const emails = byEmail.rows.map((row) => row.email);
    expect(emails).toEqual([...emails].sort());
    const none = await page(PERSONAS.admin.email, SPACES.acmeMarketing, "?q=nobody-like-this");
    expect(none.rows).toEqual([]);
  });

  it("redirects a query written any other way to its one canonical URL (issue 9)", async () => {
    const users = pageOf(SPACES.acmeMarketing);
    const target = async (search: string) =>
      redirectTarget(
        await run(
          loader,
          appRequest(`${users}${search}`, { cookie: cookies[PERSONAS.owner.email] }),
          paramsOf(SPACES.acmeMarketing),
        ),
      );
    expect(await target("?q=&sort=name&dir=asc&page=1")).toBe(users);
    expect(await target("?sort=role&dir=desc")).toBe(`${users}?sort=role`);
    expect(await target("?dir=desc&sort=email&q=%20grace%20")).toBe(`${users}?q=grace&sort=email&dir=desc`);
    // A nonsense page or sort falls back to the default, which is left out.
    expect(await target("?sort=evil&page=-3")).toBe(users);
    // The selection and the dialogs follow the list's parameters, as they were.
    const ben = PERSONAS.benBaker.id;
    const owner = PERSONAS.owner.id;
    expect(await target(`?selected=${ben}&page=2&selected=${owner}&confirm=remove`)).toBe(
      `${users}?page=2&selected=${ben}&selected=${owner}&confirm=remove`,
    );
    expect(await target("?dialog=seats&sort=name")).toBe(`${users}?dialog=seats`);
    // A canonical URL is answered, not redirected.
    expect(await target(`?q=grace&sort=email&dir=desc&selected=${ben}`)).toBeNull();
  });
});

describe("seats", () => {
  it("shows the owner the seat counter and the Manage seats dialog at its URL", async () => {
    const owner = await page(PERSONAS.owner.email, SPACES.acmeMarketing, "?dialog=seats");
    expect(owner.seats).toEqual({
      totalSeats: 11,
      assignedSeats: 9,
      availableSeats: 2,
      canManage: true,
      removal: null,
      changeRefusal: null,
    });
    expect(owner.showSeatsDialog).toBe(true);
    expect(owner.ownerEmail).toBeNull();
  });

  it("shows an admin the seats but not the way to manage them, and a member neither", async () => {
    const admin = await page(PERSONAS.admin.email, SPACES.acmeMarketing, "?dialog=seats");
    expect(admin.seats).toMatchObject({ canManage: false });
    // 002 §6: only the owner manages seats; the dialog's URL opens nothing for an admin (issue 26).
    expect(admin.showSeatsDialog).toBe(false);
    const member = await page(PERSONAS.member.email, SPACES.acmeMarketing, "?dialog=seats");
    expect(member.seats).toBeNull();
    expect(member.showSeatsDialog).toBe(false);
    expect(member.ownerEmail).toBe(PERSONAS.owner.email);
  });

  it("tells the owner and the admin of the scheduled downgrade, each in their way", async () => {
    const owner = await page(PERSONAS.stella.email, SPACES.fernStudio);
    expect(owner.seats?.removal).toEqual({
      fromSeats: 5,
      toSeats: 3,
      seatsRemoved: 2,
      date: expect.stringMatching(/\d{4}$/),
    });
    // Manage seats says to cancel it first rather than lead to a seat checkout that would refuse.
    expect(owner.seats?.changeRefusal).toBe("removal");
    const admin = await page(PERSONAS.arlo.email, SPACES.fernStudio);
    expect(admin.seats?.removal).toMatchObject({ fromSeats: 5, toSeats: 3 });
    expect((await page(PERSONAS.maya.email, SPACES.fernStudio)).seats).toBeNull();
  });
});

describe("the page's forms", () => {
  const post = (email: string, space: Space, form: Record<string, string>) =>
    run(action, appRequest(pageOf(space), { cookie: cookies[email], method: "POST", form }), paramsOf(space));
  const pendingRemovals = async () =>
    (
      await backend.db
        .selectFrom("scheduled_seat_removals")
        .select("id")
        .where("subscription_id", "=", "sub_fern_studio")
        .where("status", "=", "PENDING")
        .execute()
    ).length;

  it("answers an unknown intent with 400", async () => {
    const outcome = await post(PERSONAS.stella.email, SPACES.fernStudio, { intent: "make-me-owner" });
    expect(outcome.response?.status).toBe(400);
  });

  it("refuses the admin's and the member's forged cancellation, and cancels the owner's", async () => {
    for (const email of [PERSONAS.arlo.email, PERSONAS.maya.email]) {
      const outcome = await post(email, SPACES.fernStudio, { intent: "cancel-downgrade" });
      expect(outcome.response?.status).toBe(403);
    }
    expect(await pendingRemovals()).toBe(1);
    const outcome = await post(PERSONAS.stella.email, SPACES.fernStudio, { intent: "cancel-downgrade" });
    expect(signedTarget(outcome)).toBe(`${pageOf(SPACES.fernStudio)}?banner=downgrade-cancelled`);
    expect(await pendingRemovals()).toBe(0);
    expect((await page(PERSONAS.stella.email, SPACES.fernStudio)).seats?.removal).toBeNull();
  });
});

describe("adding and inviting members", () => {
  const post = (email: string, space: Space, form: Record<string, string>) =>
    run(
      action,
      appRequest(`${pageOf(space)}?dialog=add`, { cookie: cookies[email], method: "POST", form }),
      paramsOf(space),
    );
  const key = () => `key-${crypto.randomUUID()}`;
  const pendingTo = async (workspaceId: string) =>
    (
      await backend.db
        .selectFrom("invitations")
        .select(["invited_email", "user_plan"])
        .where("workspace_id", "=", workspaceId)
        .where("status", "=", "PENDING")
        .execute()
    ).map((row) => `${row.invited_email}:${row.user_plan}`);

  it("offers the owner Add members on a per-seat space, with its domain and seats left", async () => {
    const { add } = (await page(PERSONAS.owner.email, SPACES.acmeMarketing, "?dialog=add")) as Page & {
      add: { mode: string; open: boolean; domains: string[]; room: unknown; idempotencyKey: string };
    };
    expect(add).toMatchObject({ mode: "add", open: true, domains: ["acme.test"], room: { kind: "seats", left: 2 } });
    expect(add.idempotencyKey).toMatch(/^[\w-]{16,}$/);
  });

  it("adds the accepted addresses and keeps the refused ones with their reason", async () => {
    const outcome = await post(PERSONAS.owner.email, SPACES.acmeMarketing, {
      intent: "add",
      emails: "New.One@acme.test, someone@elsewhere.test new.one@acme.test",
      idempotencyKey: key(),
    });
    const answer = loaderData<{ add: { text: string; added: number; refused: unknown[]; formError: null } }>(outcome);
    expect(answer.add).toEqual({
      text: "someone@elsewhere.test",
      added: 1,
      refused: [{ email: "someone@elsewhere.test", reason: "Not from this space's domain" }],
      formError: null,
    });
    expect(await pendingTo(SPACES.acmeMarketing.id)).toContain("new.one@acme.test:PRO");
  });

  it("goes back to the page with the banner when every address was added, once for a resent form", async () => {
    const form = { intent: "add", emails: "second.one@acme.test", idempotencyKey: key() };
    const first = await post(PERSONAS.admin.email, SPACES.acmeMarketing, form);
    expect(signedTarget(first)).toBe(`${pageOf(SPACES.acmeMarketing)}?banner=members-added&added=1&mode=add`);
    const again = await post(PERSONAS.admin.email, SPACES.acmeMarketing, form);
    expect(signedTarget(again)).toBe(signedTarget(first));
    expect((await pendingTo(SPACES.acmeMarketing.id)).filter((row) => row.startsWith("second.one@"))).toHaveLength(1);
  });

  it("says when no seat is left, and asks for at least one address", async () => {
    const full = await post(PERSONAS.owner.email, SPACES.acmeMarketing, {
      intent: "add",
      emails: "third.one@acme.test",
      idempotencyKey: key(),
    });
    expect(loaderData<{ add: { refused: unknown[] } }>(full).add.refused).toEqual([
      { email: "third.one@acme.test", reason: "No seat available" },
    ]);
    const empty = await post(PERSONAS.owner.email, SPACES.acmeMarketing, {
      intent: "add",
      emails: " , ",
      idempotencyKey: key(),
    });
    expect(loaderData<{ add: { formError: string } }>(empty).add.formError).toBe("Please fill in this field.");
  });

  it("invites on the older model, checking the addresses first", async () => {
    const premium = (await signIn(backend, PERSONAS.premium.email)).cookie;
    cookies[PERSONAS.premium.email] = premium;
    const outcome = await post(PERSONAS.premium.email, SPACES.bigco, {
      intent: "add",
      emails: "fresh.face@bigco.test noah.nguyen@bigco.test",
      idempotencyKey: key(),
    });
    expect(loaderData<{ add: { added: number; refused: unknown[] } }>(outcome).add).toMatchObject({
      added: 1,
      refused: [{ email: "noah.nguyen@bigco.test", reason: "Already a member of this space" }],
    });
    expect(await pendingTo(SPACES.bigco.id)).toContain("fresh.face@bigco.test:FREE");
  });

  it("refuses a member's forged add when the space does not let members invite", async () => {
    await whileMembersMayNotInvite(backend.db, SPACES.acmeMarketing.id, async () => {
      const outcome = await post(PERSONAS.member.email, SPACES.acmeMarketing, {
        intent: "add",
        emails: "x@acme.test",
        idempotencyKey: key(),
      });
      expect(outcome.response?.status).toBe(403);
    });
  });
});

describe("the drawer of the selected members", () => {
  type Drawer = {
    members: Array<{ id: string; name: string }>;
    canRemove: boolean;
    removalBlocks: Array<{ name: string; reason: string }>;
    confirming: string | null;
    canChangeRole: boolean;
    canActivate: boolean;
    activationBlock: string | null;
    canHandleInvitations: boolean;
  };
  const drawerOf = async (email: string, selected: string[], extra = "") => {
    const search = `?${selected.map((id) => `selected=${id}`).join("&")}${extra}`;
    return ((await page(email, SPACES.acmeMarketing, search)) as Page & { drawer: Drawer | null }).drawer;
  };
  const post = (email: string, form: Array<[string, string]>) =>
    run(
      action,
      appRequest(pageOf(SPACES.acmeMarketing), {
        cookie: cookies[email],
        method: "POST",
        form: Object.fromEntries(form),
      }),
      paramsOf(SPACES.acmeMarketing),
    );

  it("opens for the selected members of the page, with what the owner may do", async () => {
    const drawer = await drawerOf(PERSONAS.owner.email, [PERSONAS.member.id, PERSONAS.benBaker.id]);
    expect(drawer?.members.map((member) => member.name)).toEqual(["Ben Baker", "Mia Member"]);
    expect(drawer).toMatchObject({
      canRemove: true,
      canChangeRole: true,
      canActivate: false,
      canHandleInvitations: false,
    });
    // Ben is paid: the removal is refused with the spec's reason.
    expect(drawer?.removalBlocks).toEqual([
      {
        id: PERSONAS.benBaker.id,
        name: "Ben Baker",
        reason:
          "To remove paid users, you must downgrade them to free and then remove them during the next billing cycle.",
      },
    ]);
  });

  it("starts the role select at the selected members' own role, at none when their roles differ", async () => {
    const currentRole = async (ids: string[]) =>
      ((await drawerOf(PERSONAS.owner.email, ids)) as (Drawer & { currentRole: string | null }) | null)?.currentRole;
    expect(await currentRole([PERSONAS.admin.id])).toBe("ADMIN");
    expect(await currentRole([PERSONAS.member.id, PERSONAS.benBaker.id])).toBe("MEMBER");
    expect(await currentRole([PERSONAS.member.id, PERSONAS.admin.id])).toBeNull();
  });

  it("gives the reasons of 002 §6, never opens for a member, and offers invitations for pending ones", async () => {
    const admin = await drawerOf(
      PERSONAS.admin.email,
      [PERSONAS.admin.id, PERSONAS.owner.id, PERSONAS.taraTrial.id],
      "&confirm=remove",
    );
    expect(admin?.removalBlocks.map((block) => block.reason)).toEqual([
      "You cannot remove yourself from the space",
      "The owner cannot be removed from the space",
      "You cannot remove the user in Free trial",
    ]);
    expect(admin).toMatchObject({ canChangeRole: false, confirming: null });
    expect(await drawerOf(PERSONAS.member.email, [PERSONAS.benBaker.id])).toBeNull();
    const pending = await drawerOf(PERSONAS.owner.email, [PERSONAS.solo.id]);
    expect(pending).toMatchObject({ canHandleInvitations: true, canRemove: false, canChangeRole: false });
    // Cancelling invitations asks first (issue 26); a removal is never confirmed for them.
    expect(await drawerOf(PERSONAS.owner.email, [PERSONAS.solo.id], "&confirm=cancel-invitation")).toMatchObject({
      confirming: "cancel-invitation",
    });
    expect(await drawerOf(PERSONAS.owner.email, [PERSONAS.solo.id], "&confirm=remove")).toMatchObject({
      confirming: null,
    });
    expect(await drawerOf(PERSONAS.owner.email, [PERSONAS.member.id], "&confirm=cancel-invitation")).toMatchObject({
      confirming: null,
    });
    expect(await drawerOf(PERSONAS.owner.email, [PERSONAS.disabled.id])).toMatchObject({ canActivate: true });
  });

  it("changes a role, and refuses an admin's forged role change", async () => {
    const forged = await post(PERSONAS.admin.email, [
      ["intent", "change-role"],
      ["userId", PERSONAS.benBaker.id],
      ["role", "ADMIN"],
    ]);
    expect(forged.result).toMatchObject({ init: { status: 403 } });
    const done = await post(PERSONAS.owner.email, [
      ["intent", "change-role"],
      ["userId", PERSONAS.carlaDiaz.id],
      ["role", "ADMIN"],
    ]);
    expect(signedTarget(done)).toBe(`${pageOf(SPACES.acmeMarketing)}?banner=members-updated&change=role&members=1`);
    const carla = (await page(PERSONAS.owner.email)).rows.find((row) => row.id === PERSONAS.carlaDiaz.id);
    expect(carla?.role).toBe("ADMIN");
  });

  it("removes a free member, and says why an activation is refused", async () => {
    const removed = await post(PERSONAS.owner.email, [
      ["intent", "remove"],
      ["userId", PERSONAS.member.id],
    ]);
    expect(signedTarget(removed)).toBe(`${pageOf(SPACES.acmeMarketing)}?banner=members-updated&change=removed&members=1`);
    expect((await page(PERSONAS.owner.email)).rows.map((row) => row.id)).not.toContain(PERSONAS.member.id);
    // Removed already (another tab, issue 26): said so, not "try again".
    const removedAgain = await post(PERSONAS.owner.email, [
      ["intent", "remove"],
      ["userId", PERSONAS.member.id],
    ]);
    expect(signedTarget(removedAgain)).toBe(`${pageOf(SPACES.acmeMarketing)}?banner=members-gone&what=member`);
    const paid = await post(PERSONAS.owner.email, [
      ["intent", "remove"],
      ["userId", PERSONAS.benBaker.id],
    ]);
    expect(loaderData<{ drawerError: string }>(paid).drawerError).toBe("An error occurred. Please try again.");

    await backend.db
      .updateTable("users")
      .set({ domain_name: "elsewhere.test" })
      .where("id", "=", PERSONAS.disabled.id)
      .execute();
    const otherDomain =
      "Your current plan does not allow users from a different domain. Upgrade your space to re-activate them.";
    // The drawer says so before anyone tries; a forged activation is refused all the same.
    expect(await drawerOf(PERSONAS.owner.email, [PERSONAS.disabled.id])).toMatchObject({
      canActivate: true,
      activationBlock: otherDomain,
    });
    const refused = await post(PERSONAS.owner.email, [
      ["intent", "activate"],
      ["userId", PERSONAS.disabled.id],
    ]);
    expect(loaderData<{ drawerError: string }>(refused).drawerError).toBe(otherDomain);
    await backend.db
      .updateTable("users")
      .set({ domain_name: "acme.test" })
      .where("id", "=", PERSONAS.disabled.id)
      .execute();
    expect(await drawerOf(PERSONAS.owner.email, [PERSONAS.disabled.id])).toMatchObject({ activationBlock: null });
    const activated = await post(PERSONAS.owner.email, [
      ["intent", "activate"],
      ["userId", PERSONAS.disabled.id],
    ]);
    expect(signedTarget(activated)).toMatch(/change=activated&members=1$/);
  });

  it("resends and cancels a pending invitation", async () => {
    const resent = await post(PERSONAS.owner.email, [
      ["intent", "resend"],
      ["email", PERSONAS.solo.email],
    ]);
    expect(signedTarget(resent)).toMatch(/change=resent&members=1$/);
    const cancelled = await post(PERSONAS.owner.email, [
      ["intent", "cancel-invitation"],
      ["email", PERSONAS.solo.email],
    ]);
    expect(signedTarget(cancelled)).toMatch(/change=cancelled&members=1$/);
    expect((await page(PERSONAS.owner.email)).rows.map((row) => row.email)).not.toContain(PERSONAS.solo.email);
    // Cancelled already (another tab, issue 26): it says so over the list as it is now.
    const again = await post(PERSONAS.owner.email, [
      ["intent", "cancel-invitation"],
      ["email", PERSONAS.solo.email],
    ]);
    expect(signedTarget(again)).toBe(`${pageOf(SPACES.acmeMarketing)}?banner=members-gone&what=invitation`);
    const resentGone = await post(PERSONAS.owner.email, [
      ["intent", "resend"],
      ["email", PERSONAS.solo.email],
    ]);
    expect(signedTarget(resentGone)).toBe(`${pageOf(SPACES.acmeMarketing)}?banner=members-gone&what=invitation`);
  });
});

describe("the type change (002 §2, §5)", () => {
  type TypeChange = { to: "paid" | "free"; block: string | null; href: string } | null;
  const typeChangeOf = async (email: string, space: Space, selected: string[]) => {
    const search = `?${selected.map((id) => `selected=${id}`).join("&")}`;
    const data = (await page(email, space, search)) as Page & { drawer: { typeChange: TypeChange } | null };
    expect(data.drawer).not.toBeNull();
    return data.drawer!.typeChange;
  };
  const bigcoCheckout = `/${SPACES.bigco.id}/${SPACES.bigco.slug}/checkout`;

  it("sends an upgrade and a downgrade to the summary from the users page, with the selection", async () => {
    expect(await typeChangeOf(PERSONAS.premium.email, SPACES.bigco, [PERSONAS.hugoHart.id])).toEqual({
      to: "paid",
      block: null,
      href: `${bigcoCheckout}/summary?from=users&plan=PREMIUM&interval=YEARLY&paid=${PERSONAS.hugoHart.id}`,
    });
    expect(
      await typeChangeOf(PERSONAS.premium.email, SPACES.bigco, [PERSONAS.emmaEvans.id, PERSONAS.liamLopez.id]),
    ).toEqual({
      to: "free",
      block: null,
      href: `${bigcoCheckout}/summary?from=users&plan=PREMIUM&interval=YEARLY&free=${PERSONAS.emmaEvans.id}&free=${PERSONAS.liamLopez.id}`,
    });
  });

  it("gives the reasons it may not: already paid elsewhere, mixed types, the last paid users", async () => {
    const hana = await typeChangeOf(PERSONAS.premium.email, SPACES.bigco, [PERSONAS.hanaHolt.id]);
    expect(hana?.block).toBe("hana.holt@bigco.test is already a paid user in another space.");
    const mixed = await typeChangeOf(PERSONAS.premium.email, SPACES.bigco, [
      PERSONAS.hugoHart.id,
      PERSONAS.emmaEvans.id,
    ]);
    expect(mixed?.block).toBe("To update users Type, select users with the same Type.");
    const everyPaid = [
      PERSONAS.premium,
      PERSONAS.noahNguyen,
      PERSONAS.emmaEvans,
      PERSONAS.liamLopez,
      PERSONAS.ginaGmail,
    ];
    const all = await typeChangeOf(
      PERSONAS.premium.email,
      SPACES.bigco,
      everyPaid.map((person) => person.id),
    );
    expect(all?.block).toBe(
      "You cannot downgrade. At least one user must be paid as long as a subscription is active.",
    );
  });

  it("is not offered on a per-seat space, nor to a member without billing access", async () => {
    expect(await typeChangeOf(PERSONAS.owner.email, SPACES.acmeMarketing, [PERSONAS.benBaker.id])).toBeNull();
    // Emma is a member: no drawer at all.
    const member = (await page(PERSONAS.emmaEvans.email, SPACES.bigco, `?selected=${PERSONAS.hugoHart.id}`)) as Page & {
      drawer: unknown;
    };
    expect(member.drawer).toBeNull();
  });
});

describe("suggestions in the add dialog (002 §5, §9)", () => {
  const suggest = (email: string, q: string, space: Space = SPACES.acmeMarketing) =>
    run(
      suggestLoader,
      appRequest(`${pageOf(space)}/suggest?q=${encodeURIComponent(q)}`, { cookie: cookies[email] }),
      paramsOf(space),
    );

  it("suggests colleagues of the space's domain not in it yet, from 2 characters", async () => {
    expect(loaderData(await suggest(PERSONAS.owner.email, "sa"))).toEqual({
      q: "sa",
      items: [{ email: "sales.lead@acme.test", name: "Sara Sales" }],
    });
    expect(loaderData(await suggest(PERSONAS.owner.email, "s"))).toEqual({ q: "s", items: [] });
    // Members are not suggested.
    expect(loaderData(await suggest(PERSONAS.owner.email, "ben"))).toEqual({ q: "ben", items: [] });
  });

  it("is refused to a member who may not add members", async () => {
    await whileMembersMayNotInvite(backend.db, SPACES.fernStudio.id, async () => {
      expect((await suggest(PERSONAS.maya.email, "st", SPACES.fernStudio)).response?.status).toBe(403);
    });
  });
});

describe("legacy and offline cases", () => {
  it("gives a legacy team plan Add users with its limit, and other legacy plans the blocked notice", async () => {
    const legacy = (await signIn(backend, PERSONAS.legacy.email)).cookie;
    cookies[PERSONAS.legacy.email] = legacy;
    type WithAdd = Page & {
      add: {
        mode: string;
        open: boolean;
        room: unknown;
        closedBy: string | null;
      } | null;
    };
    const team = (await page(PERSONAS.legacy.email, SPACES.oldcoTeam, "?dialog=add")) as WithAdd;
    expect(team.add).toMatchObject({
      mode: "addUsers",
      open: true,
      room: { kind: "users", limit: 5, taken: 3 },
      closedBy: null,
    });

    // At the limit, Add users is closed with the spec's tooltip, even at the dialog's URL.
    const proFeatures = () =>
      backend.db
        .updateTable("workspace_plan_features")
        .where("workspace_id", "=", SPACES.oldcoTeam.id)
        .where("user_plan", "=", "PRO");
    await proFeatures().set({ allowed_user_count: 3 }).execute();
    try {
      const full = (await page(PERSONAS.legacy.email, SPACES.oldcoTeam, "?dialog=add")) as WithAdd;
      expect(full.add).toMatchObject({ open: false, closedBy: "Your current plan does not allow more than 3 users." });
    } finally {
      await proFeatures().set({ allowed_user_count: 5 }).execute();
    }

    await backend.db
      .updateTable("workspaces")
      .set({ legacy_type: "PROFESSIONAL" })
      .where("id", "=", SPACES.oldcoTeam.id)
      .execute();
    try {
      const professional = (await page(PERSONAS.legacy.email, SPACES.oldcoTeam)) as WithAdd;
      expect(professional.add).toMatchObject({ mode: "blocked" });
      const forged = await run(
        action,
        appRequest(pageOf(SPACES.oldcoTeam), {
          cookie: legacy,
          method: "POST",
          form: { intent: "add", emails: "a@oldco.test" },
        }),
        paramsOf(SPACES.oldcoTeam),
      );
      expect(forged.response?.status).toBe(403);
    } finally {
      await backend.db
        .updateTable("workspaces")
        .set({ legacy_type: "TEAM" })
        .where("id", "=", SPACES.oldcoTeam.id)
        .execute();
    }
  });

  it("marks an offline-managed subscription, whose seats change only through support", async () => {
    await backend.db
      .updateTable("subscriptions")
      .set({ payment_source: "OFFLINE" })
      .where("id", "=", "sub_acme_marketing")
      .execute();
    try {
      const owner = await page(PERSONAS.owner.email);
      expect(owner.seats).toMatchObject({ changeRefusal: "offline", removal: null });
    } finally {
      await backend.db
        .updateTable("subscriptions")
        .set({ payment_source: "STRIPE" })
        .where("id", "=", "sub_acme_marketing")
        .execute();
    }
    expect((await page(PERSONAS.owner.email)).seats).toMatchObject({ changeRefusal: null });
  });
});
