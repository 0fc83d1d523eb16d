import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "../observability";
import { createStripeClient } from "./stripe-client";

let server: Server;
let apiUrl: string;
beforeAll(async () => {
  // A stand-in answering every call with an empty list: only the client's log line is looked at.
  server = createServer((_request, response) => {
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify({ object: "list", data: [], has_more: false, url: "/v1/customers" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the stripe call log line", () => {
  it("names the path without its query, which may carry a customer's email", async () => {
    const debug = vi.spyOn(logger, "debug").mockImplementation(() => undefined);
    try {
      const stripe = createStripeClient({ secretKey: "sk_test_local", apiUrl, webhookSecret: "whsec_local" });
      await stripe.customers.list({ email: "ada@example.com", limit: 1 });
      const [fields, message] = debug.mock.calls.at(-1) as unknown as [{ stripe: { path: string } }, string];
      expect(message).toBe("stripe call");
      expect(fields.stripe.path).toBe("/v1/customers");
    } finally {
      debug.mockRestore();
    }
  });
});
