import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { SPACES } from "../../backend/src/db/seed/personas";
import { startBalancedStack, type BalancedStack } from "./support/balanced-stack";
import { CARDS, payWith } from "./support/stripe";

/**
 * Several instances behind a real load balancer (issue 27, item 5): two app
 * instances behind HAProxy, round robin without stickiness, over one
 * backend, Google and Stripe (a stack of its own, fresh database). A person
 * signs in, browses, sends a once-only form twice and buys seats, each
 * request landing wherever HAProxy sends it; then one instance is stopped
 * during a stream of requests, and none fails.
 */

test.describe.configure({ mode: "serial" });

let stack: BalancedStack;

test.beforeAll(async () => {
  // Its own stack: the local services, two instances and HAProxy.
  test.setTimeout(120_000);
  stack = await startBalancedStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

const BIRCH = `/${SPACES.birchWorks.id}/${SPACES.birchWorks.slug}`;

/** The ids of the app's answers to the page (documents, data requests), in order. */
function recordRequestIds(page: Page, origin: string) {
  const ids: string[] = [];
  page.on("response", (response) => {
    const id = response.headers()["x-request-id"];
    if (id && response.url().startsWith(origin) && ["document", "fetch"].includes(response.request().resourceType()))
      ids.push(id);
  });
  return ids;
}

test("sign-in, pages, a once-only form sent twice and a purchase, each request on either instance", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const ids = recordRequestIds(page, stack.url);

  // Sign in: the sign-in cookie made by one instance is read by whichever takes Google's callback.
  await page.goto(`${stack.url}/login`);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL((url) => url.origin === stack.googleUrl);
  await page.getByRole("button", { name: "bea@birch.test" }).click();
  await page.waitForURL((url) => url.origin === stack.url && !url.pathname.startsWith("/auth/"));

  // Browse.
  await page.goto(`${stack.url}${BIRCH}/mail-merges/sent`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto(`${stack.url}${BIRCH}/space/billing`);
  await expect(page.getByText("Free plan", { exact: true })).toBeVisible();

  // Checkout's steps: what was typed is kept server-side, whichever instance shows the next step.
  await page.getByRole("link", { name: "Upgrade Pro" }).click();
  await page.getByLabel("for a team").check();
  await page.getByLabel("Number of seats").fill("3");
  await page.getByRole("button", { name: "Next: Billing information" }).click();
  await expect(page.getByRole("complementary")).toContainText("Pro × 3 seats");
  await page.getByLabel("Name", { exact: true }).fill("Bea Birch");
  await page.getByLabel("Street address").fill("1 Birch Road");
  await page.getByLabel("City").fill("Portland");

  // The once-only form sent twice, as a double click or a resubmission would: the same key, two requests in a
  // row, so on both instances; the second gets the first's answer, the same Checkout Session.
  const next = page.getByRole("button", { name: "Next: Checkout" });
  const form = page.locator("form").filter({ has: next });
  const { action, body } = await form.evaluate((element: HTMLFormElement) => {
    const submitter = [...element.querySelectorAll("button")].find((button) => button.textContent === "Next: Checkout");
    return { action: element.action, body: new URLSearchParams(new FormData(element, submitter) as never).toString() };
  });
  const send = () =>
    page.request.post(action, {
      data: body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: stack.url },
      maxRedirects: 0,
    });
  const [once, twice] = [await send(), await send()];
  expect(once.status()).toBe(303);
  expect(twice.headers().location).toBe(once.headers().location);
  const [onceOn, twiceOn] = await Promise.all(
    [once, twice].map((answer) => stack.instanceOf(answer.headers()["x-request-id"]!)),
  );
  expect(onceOn).toBeDefined();
  expect(twiceOn).toBeDefined();
  expect(twiceOn).not.toBe(onceOn);

  // The purchase, through the local Stripe's hosted page and back.
  await page.goto(once.headers().location!);
  await expect(page.getByRole("heading", { name: "Subscribe" })).toBeVisible();
  await payWith(page, CARDS.pays);
  await expect(page).toHaveURL(new RegExp(`${BIRCH}/space/billing\\?checkout=success`));
  await expect(page.getByRole("status").filter({ hasText: "Your subscription has started." })).toContainText(
    "Your space now has 3 paid seats.",
  );
  await expect(page.getByText("Pro plan", { exact: true })).toBeVisible();

  // Every answer came from one of the two instances, both served, and consecutive requests changed instance.
  const served = await Promise.all(ids.map((id) => stack.instanceOf(id)));
  expect(served).not.toContain(undefined);
  expect(new Set(served)).toEqual(new Set(["app1", "app2"]));
  const changes = served.slice(1).filter((instance, index) => instance !== served[index]).length;
  expect(changes).toBeGreaterThanOrEqual(served.length / 3);
});

test("an instance stopped during a stream of requests finishes them, exits, and no request fails", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "No browser involved: once is enough");
  test.setTimeout(60_000);
  const failures: string[] = [];
  let answered = 0;
  let streaming = true;
  const stream = async () => {
    while (streaming) {
      const response = await request.get(`${stack.url}/login`).catch((error: Error) => error);
      if (response instanceof Error || response.status() !== 200)
        failures.push(response instanceof Error ? response.message : String(response.status()));
      else answered++;
    }
  };
  const streams = Array.from({ length: 4 }, stream);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const [, second] = stack.instances();
  // A request under way when the signal comes: a write whose body is still arriving.
  const underWay = requestSentInTwoHalves(`${stack.secondUrl}${BIRCH}/unsubscriptions`, "under-way-request");
  await underWay.firstHalfSent;
  const exited = stack.stopSecond();
  await new Promise((resolve) => setTimeout(resolve, 300));
  underWay.sendSecondHalf();
  expect(await underWay.status).toBeGreaterThan(0);
  const exitCode = await exited;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  streaming = false;
  await Promise.all(streams);

  expect(exitCode).toBe(0);
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(20);
  // It said it was stopping, answered what it had taken, then said it had stopped.
  const messages = second!.records().map((record) => String(record.msg));
  const stopping = messages.findIndex((message) => message.startsWith("stopping"));
  expect(stopping).toBeGreaterThan(0);
  const underWayLine = second!.records().findIndex((record) => record.requestId === "under-way-request");
  expect(underWayLine).toBeGreaterThan(stopping);
  expect(messages.at(-1)).toBe("stopped: every request under way was answered");

  // Rolling on: the instance comes back and takes requests again.
  await stack.restartSecond();
  expect((await request.get(`${stack.url}/healthz`)).status()).toBe(200);
});

/**
 * A form POST whose body comes in two halves, the second when asked: the request is under way in between.
 * Chunked, without a length: the app reads such a body whole before anything else (utils/form-body.server.ts).
 */
function requestSentInTwoHalves(url: string, requestId: string) {
  const body = "q=under-way-request-body";
  const half = Math.floor(body.length / 2);
  let sendSecondHalf = () => {};
  let firstHalfSent = Promise.resolve();
  const status = new Promise<number>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Request-Id": requestId,
        Origin: new URL(url).origin,
      },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    firstHalfSent = new Promise((sent) => request.write(body.slice(0, half), () => sent()));
    sendSecondHalf = () => request.end(body.slice(half));
  });
  return {
    status,
    get firstHalfSent() {
      return firstHalfSent;
    },
    sendSecondHalf: () => sendSecondHalf(),
  };
}
