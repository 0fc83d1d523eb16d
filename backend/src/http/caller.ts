import type { Context } from "hono";
import type { BackendDb } from "../db/connection";
import { findUserByEmail, type UserRow } from "../store/users";
import { findMembership, findWorkspace } from "../store/workspaces";
import type { AppEnv } from "./app-env";
import { forbidden, userNotFound, workspaceNotFound } from "./errors";

/** The user row of the signed-in identity; a session may exist before its user does. */
export async function callerUser(db: BackendDb, c: Context<AppEnv>): Promise<UserRow | undefined> {
  return findUserByEmail(db, c.get("identity").email);
}

export async function requireCallerUser(db: BackendDb, c: Context<AppEnv>): Promise<UserRow> {
  const user = await callerUser(db, c);
  if (!user) throw userNotFound();
  return user;
}

/** 404 for an unknown space, 403 when the caller is not one of its members. */
export async function requireMembership(db: BackendDb, c: Context<AppEnv>, workspaceId: string) {
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace) throw workspaceNotFound();
  const user = await callerUser(db, c);
  const membership = user && (await findMembership(db, workspaceId, user.id));
  if (!user || !membership) throw forbidden();
  return { workspace, user, membership };
}
