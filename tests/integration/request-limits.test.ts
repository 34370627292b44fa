import { describe, expect, test, vi } from "vitest";

import { db } from "~/db/db.server";
import * as contact from "~/routes/contact";
import * as signIn from "~/routes/sign-in";
import { MAX_FORM_BYTES } from "~/web/request.server";

import { BASE_URL, call, postRequest } from "../support/http";
import { uniqueEmail } from "../support/unique";

// Counts the throwaway comparisons sign-in makes for unknown emails.
const passwordModule = vi.hoisted(() => ({ calls: 0 }));
vi.mock("~/lib/password.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/lib/password.server")>();
  return {
    ...original,
    verifyAgainstDummy: async (password: string) => {
      passwordModule.calls++;
      return original.verifyAgainstDummy(password);
    },
  };
});

async function messageCount() {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("request bodies are capped", () => {
  test(`a form over ${MAX_FORM_BYTES} bytes is refused with 413 and stores nothing`, async () => {
    const before = await messageCount();
    const outcome = await call(
      contact.action,
      postRequest("/contact", { name: "Big", email: "big@example.com", message: "m".repeat(MAX_FORM_BYTES + 10) }),
    );
    expect(outcome.status).toBe(413);
    expect(await messageCount()).toBe(before);
  });

  test("a streamed body without Content-Length is cut off at the cap too", async () => {
    const chunk = new TextEncoder().encode(`message=${"m".repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_FORM_BYTES * 2) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(new URL("/contact", BASE_URL), {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      duplex: "half",
    } as RequestInit);
    const outcome = await call(contact.action, request);
    expect(outcome.status).toBe(413);
    expect(sent).toBeLessThan(MAX_FORM_BYTES * 2);
  });

  test("a body that is not a form is a 400, not a 500", async () => {
    const request = new Request(new URL("/contact", BASE_URL), {
      method: "POST",
      body: "{not json, not a form",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
    });
    expect((await call(contact.action, request)).status).toBe(400);
  });
});

describe("account enumeration", () => {
  test("an unknown email still costs a password hash comparison", async () => {
    passwordModule.calls = 0;
    const outcome = await call(
      signIn.action,
      postRequest("/sign-in", { email: uniqueEmail("nobody"), password: "some-password" }),
    );
    expect(outcome.status).toBe(401);
    expect(passwordModule.calls).toBe(1);
  });
});
