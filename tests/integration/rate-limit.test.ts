import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/db/db.server";
import * as signIn from "~/routes/sign-in";
import * as signUp from "~/routes/sign-up";
import { call, postRequest } from "../support/http";
import { createSignedInUser, TEST_PASSWORD, uniqueEmail } from "../support/users";

const LIMIT = 10;

function fromIp(request: Request, ip: string) {
  request.headers.set("X-Forwarded-For", `${ip}, 10.0.0.1`);
  return request;
}

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe("sign-in rate limit", () => {
  test(`after ${LIMIT} failures for one email, even the right password gets 429 with a readable message`, async () => {
    const { user } = await createSignedInUser();
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const outcome = await call(signIn.action, postRequest("/sign-in", { email: user.email, password: "wrong-password" }));
      expect(outcome.status).toBe(401);
    }
    const blocked = await call(signIn.action, postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(blocked.data.error[""]).toEqual(["Too many attempts. Please wait a minute and try again."]);

    // Another account is not affected, and the count lives in the shared database table.
    const other = await createSignedInUser();
    const fine = await call(signIn.action, postRequest("/sign-in", { email: other.user.email, password: TEST_PASSWORD }));
    expect(fine.status).toBe(302);
    const row = await db.selectFrom("rate_limits" as never).selectAll().where("key" as never, "=", `signInEmail:${user.email}` as never).executeTakeFirst();
    expect(row).toBeDefined();
  });

  test("a successful sign-in clears the email's earlier failures", async () => {
    const { user } = await createSignedInUser();
    for (let attempt = 0; attempt < LIMIT - 1; attempt++) {
      await call(signIn.action, postRequest("/sign-in", { email: user.email, password: "wrong-password" }));
    }
    expect((await call(signIn.action, postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }))).status).toBe(302);
    for (let attempt = 0; attempt < LIMIT - 1; attempt++) {
      expect((await call(signIn.action, postRequest("/sign-in", { email: user.email, password: "wrong-password" }))).status).toBe(401);
    }
  });

  test("behind a trusted proxy, failures are also counted per client IP across emails", async () => {
    process.env.TRUST_PROXY = "1";
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const outcome = await call(signIn.action, fromIp(postRequest("/sign-in", { email: uniqueEmail("spray"), password: "wrong-password" }), "203.0.113.7"));
      expect(outcome.status).toBe(401);
    }
    const { user } = await createSignedInUser();
    const blocked = await call(signIn.action, fromIp(postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }), "203.0.113.7"));
    expect(blocked.status).toBe(429);
    const otherIp = await call(signIn.action, fromIp(postRequest("/sign-in", { email: user.email, password: TEST_PASSWORD }), "198.51.100.2"));
    expect(otherIp.status).toBe(302);
  });

  test("without a trusted proxy, a forged X-Forwarded-For is ignored", async () => {
    for (let attempt = 0; attempt < LIMIT + 2; attempt++) {
      const outcome = await call(signIn.action, fromIp(postRequest("/sign-in", { email: uniqueEmail("spray"), password: "wrong-password" }), "203.0.113.99"));
      expect(outcome.status).toBe(401);
    }
  });
});

describe("sign-up rate limit", () => {
  test(`one IP may try ${LIMIT} sign-ups a minute`, async () => {
    process.env.TRUST_PROXY = "1";
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const outcome = await call(signUp.action, fromIp(postRequest("/sign-up", { name: "Spammer", email: uniqueEmail("bulk"), password: "password1" }), "192.0.2.50"));
      expect(outcome.status).toBe(302);
    }
    const before = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const blocked = await call(signUp.action, fromIp(postRequest("/sign-up", { name: "Spammer", email: uniqueEmail("bulk"), password: "password1" }), "192.0.2.50"));
    expect(blocked.status).toBe(429);
    const after = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
