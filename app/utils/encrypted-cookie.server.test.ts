import { describe, expect, it } from "vitest";
import { createEncryptedCookieSessionStorage, decryptValue, encryptValue } from "./encrypted-cookie.server";

const TOKEN = "backend-access-token-1234567890";

function storage(secrets: string[], name = "yamm_session") {
  return createEncryptedCookieSessionStorage<{ accessToken: string }>({
    name,
    secrets,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
  });
}

async function committed(secrets: string[], name?: string) {
  const store = storage(secrets, name);
  const session = await store.getSession();
  session.set("accessToken", TOKEN);
  return (await store.commitSession(session)).split(";")[0]!;
}

describe("encrypted cookie sessions", () => {
  it("round-trips the data, and the cookie does not contain it in any readable form", async () => {
    const cookie = await committed(["secret-a"]);
    const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
    for (const readable of [value, Buffer.from(value, "base64").toString("utf8")]) {
      expect(readable).not.toContain(TOKEN);
      expect(readable).not.toContain("accessToken");
    }
    expect((await storage(["secret-a"]).getSession(cookie)).get("accessToken")).toBe(TOKEN);
  });

  it("keeps the flags it is given", async () => {
    const header = await storage(["secret-a"]).commitSession(await storage(["secret-a"]).getSession());
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
  });

  it("reads a cookie sealed with an older secret after rotation, and seals new ones with the first secret", async () => {
    const old = await committed(["secret-old"]);
    const rotated = storage(["secret-new", "secret-old"]);
    const session = await rotated.getSession(old);
    expect(session.get("accessToken")).toBe(TOKEN);
    const resealed = (await rotated.commitSession(session)).split(";")[0]!;
    expect((await storage(["secret-new"]).getSession(resealed)).get("accessToken")).toBe(TOKEN);
    expect((await storage(["secret-old"]).getSession(resealed)).get("accessToken")).toBeUndefined();
  });

  it("gives an empty session for a tampered, foreign, unsigned or other cookie's value", async () => {
    const cookie = await committed(["secret-a"]);
    const [name, value] = [cookie.split("=")[0]!, decodeURIComponent(cookie.split("=").slice(1).join("="))];
    const sealed = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as string;
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === "A" ? "B" : "A"}${sealed.at(-1)}`;
    const forged = Buffer.from(JSON.stringify(flipped)).toString("base64");
    const plain = Buffer.from(JSON.stringify(JSON.stringify({ accessToken: "forged" }))).toString("base64");
    for (const header of [
      `${name}=${encodeURIComponent(forged)}`,
      `${name}=${encodeURIComponent(plain)}`,
      `${name}=%`,
      await committed(["someone-else"]),
    ]) {
      expect((await storage(["secret-a"]).getSession(header)).data).toEqual({});
    }
    // Sealed for the auth-flow cookie: not a session cookie, even with the same secret.
    expect(
      decryptValue(encryptValue('{"accessToken":"x"}', "secret-a", "yamm_auth_flow"), ["secret-a"], "yamm_session"),
    ).toBeNull();
  });

  it("expires the cookie on destroy", async () => {
    const store = storage(["secret-a"]);
    expect(await store.destroySession(await store.getSession())).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
