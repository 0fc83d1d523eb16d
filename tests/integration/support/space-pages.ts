import { appRequest, run, signIn, type FormFields } from "./app";

/*
 * Calls of a space's route modules as a signed-in persona: the checkout
 * and billing tests' GETs and POSTs of `/{id}/{slug}/{section}`.
 */

/** A seeded space (SPACES) or one a test writes. */
export type Space = { id: string; slug: string };
export const paramsOf = (space: Space) => ({ workspaceId: space.id, workspaceSlug: space.slug });
export const pathOf = (space: Space, section: string) => `/${space.id}/${space.slug}/${section}`;

type Module = { loader: Parameters<typeof run>[0]; action?: Parameters<typeof run>[0] };

export async function asPersona(backend: Parameters<typeof signIn>[0], email: string) {
  const { cookie } = await signIn(backend, email);
  return {
    get: (module: Module, space: Space, section: string) =>
      run(module.loader, appRequest(pathOf(space, section), { cookie }), paramsOf(space)),
    post: (module: Module, space: Space, section: string, form: FormFields) =>
      run(module.action!, appRequest(pathOf(space, section), { cookie, method: "POST", form }), paramsOf(space)),
  };
}
