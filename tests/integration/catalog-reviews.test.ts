import { randomBytes } from "node:crypto";

import { describe, expect, test } from "vitest";

import { getCurrentUser } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { verifyPassword } from "~/lib/password.server";
import { CATALOG_PAGE_SIZE } from "~/models/catalog";
import { createReview } from "~/models/review.server";
import { getUserById } from "~/models/user.server";
import * as home from "~/routes/_index";
import * as addReview from "~/routes/dashboard.add-review";
import * as myProfile from "~/routes/dashboard.my-profile";
import * as myReview from "~/routes/dashboard.my-review";
import * as catalog from "~/routes/items";
import * as orderPage from "~/routes/order.$id";
import { MAX_CATALOG_PAGE } from "~/validation/catalog";

import { newItem } from "../support/builders";
import { call, cookieFrom, fieldErrors, flashOf, getRequest, postRequest } from "../support/http";
import { createSignedInUser, sessionCount, TEST_PASSWORD } from "../support/users";

// ---------------------------------------------------------------------------------------------
// Helpers

type Fields = Record<string, string | string[] | undefined>;

/**
 * The home page shows this many newest items and reviews (HOME_ITEM_COUNT / HOME_REVIEW_COUNT in
 * app/routes/_index.tsx).
 */
const HOME_COUNT = 6;

function token() {
  return `t${randomBytes(4).toString("hex")}`;
}

async function reviewCount() {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function catalogPage(search: string) {
  return call(catalog.loader, getRequest(`/items${search}`));
}

function ids(rows: { id: number }[]) {
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------

describe("home page", () => {
  test("shows the fixed number of newest items and reviews, newest first", async () => {
    const { user } = await createSignedInUser();
    const items = [];
    const reviews = [];
    for (let index = 0; index < HOME_COUNT + 2; index += 1) {
      items.push(await newItem({ name: `Home Item ${index} ${token()}`, price_cents: 899 }));
      reviews.push(
        await createReview({ userId: user.id, name: "Ada", rating: (index % 5) + 1, review: `Review number ${index}` }),
      );
    }
    const outcome = await call(home.loader, getRequest("/"));
    expect(outcome.status).toBe(200);
    expect(ids(outcome.data.items)).toEqual(ids(items).reverse().slice(0, HOME_COUNT));
    expect(ids(outcome.data.reviews)).toEqual(ids(reviews).reverse().slice(0, HOME_COUNT));
    expect(outcome.data.items[0]).toMatchObject({ name: items.at(-1)!.name, price_cents: 899, quantity: 10 });
    expect(outcome.data.reviews[0]).toMatchObject({ name: "Ada", review: `Review number ${HOME_COUNT + 1}` });
    // Only what the page shows: no author ids in the review cards.
    expect(outcome.data.reviews[0]).not.toHaveProperty("user_id");
  });
});

describe("catalog", () => {
  test("?q= matches part of the name, whatever the case", async () => {
    const word = token();
    const item = await newItem({ name: `Taper Lock Bush ${word.toUpperCase()}` });
    await newItem({ name: `Something else ${token()}` });
    for (const q of [word, word.toUpperCase(), `lock bush ${word}`, `  ${word}  `]) {
      const outcome = await catalogPage(`?q=${encodeURIComponent(q)}`);
      expect(outcome.status).toBe(200);
      expect(ids(outcome.data.items)).toEqual([item.id]);
      expect(outcome.data.total).toBe(1);
      expect(outcome.data.query.q).toBe(q.trim());
    }
    const none = await catalogPage(`?q=${token()}`);
    expect(none.status).toBe(200);
    expect(none.data.items).toEqual([]);
    expect(none.data.total).toBe(0);
  });

  test("search operators and SQL in the query are plain text: no wildcard, no error", async () => {
    const [first, second] = [token(), token()];
    const joined = await newItem({ name: `${first}_${second} bolt` });
    await newItem({ name: `${first}x${second} bolt` });
    const byJoined = await catalogPage(`?q=${encodeURIComponent(`${first}_${second}`)}`);
    // The one meeting both words; the other only follows if none did (its word starts with the first).
    expect(ids(byJoined.data.items).slice(0, byJoined.data.search?.fullMatches)).toEqual([joined.id]);
    // Nothing to search for is no match, not the whole catalog.
    for (const q of ["%", "_", "\\", "*", '"', "' OR 1=1 --", "NEAR(a b)", ":* & !", "a AND OR NOT"]) {
      const outcome = await catalogPage(`?q=${encodeURIComponent(q)}`);
      expect(outcome.status, q).toBe(200);
      if (!/[a-z]/i.test(q)) expect(outcome.data.total, q).toBe(0);
    }
  });

  test("pages hold CATALOG_PAGE_SIZE items, newest first; a page past the end sends the buyer to the last page", async () => {
    const word = token();
    const created = [];
    for (let index = 0; index < CATALOG_PAGE_SIZE + 1; index += 1)
      created.push(await newItem({ name: `Paged Pulley ${word} ${index}` }));
    const newestFirst = ids(created).reverse();

    const first = await catalogPage(`?q=${word}`);
    expect(first.status).toBe(200);
    expect(ids(first.data.items)).toEqual(newestFirst.slice(0, CATALOG_PAGE_SIZE));
    expect(first.data).toMatchObject({ total: CATALOG_PAGE_SIZE + 1, page: 1, pageCount: 2 });

    const second = await catalogPage(`?q=${word}&page=2`);
    expect(ids(second.data.items)).toEqual(newestFirst.slice(CATALOG_PAGE_SIZE));
    expect(second.data).toMatchObject({ page: 2, pageCount: 2 });

    for (const page of [3, MAX_CATALOG_PAGE]) {
      const beyond = await catalogPage(`?q=${word}&sort=name&page=${page}`);
      expect(beyond.status).toBe(302);
      expect(beyond.headers.get("Location")).toBe(`/items?q=${word}&sort=name&page=2`);
    }
    // Deeper than listings are read is refused, however many parts there are.
    expect((await catalogPage(`?q=${word}&page=${MAX_CATALOG_PAGE + 1}`)).status).toBe(400);
    const nothing = await catalogPage(`?q=${token()}&page=4`);
    expect(nothing.status).toBe(302);
    expect(nothing.headers.get("Location")).toMatch(/^\/items\?q=t[0-9a-f]+$/);
  });

  test.each(["abc", "-5", "1e99", "0", "2.5", "", "100001", "99999999999999999999", "%00"])(
    "a junk page parameter (%j) gives page 1 with 200",
    async (page) => {
      const word = token();
      const created = [];
      for (let index = 0; index < CATALOG_PAGE_SIZE + 1; index += 1)
        created.push(await newItem({ name: `Junk Page Cam ${word} ${index}` }));
      const outcome = await catalogPage(`?q=${word}&page=${encodeURIComponent(page)}`);
      expect(outcome.status).toBe(200);
      expect(outcome.data.page).toBe(1);
      expect(ids(outcome.data.items)).toEqual(ids(created).reverse().slice(0, CATALOG_PAGE_SIZE));
    },
  );

  test("an over-long or repeated query does not break the page", async () => {
    const long = await catalogPage(`?q=${"x".repeat(100_000)}`);
    expect(long.status).toBe(200);
    const repeated = await catalogPage("?q=a&q=b&page=2&page=1");
    expect(repeated.status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe("add a review", () => {
  function postReview(fields: Fields, cookie?: string) {
    return call(addReview.action, postRequest("/dashboard/add-review", fields, { cookie }));
  }

  test("a valid review is stored with its author and flashes the message", async () => {
    const { user, cookie } = await createSignedInUser({ displayName: "Grace Turner" });
    const page = await call(addReview.loader, getRequest("/dashboard/add-review", { cookie }));
    expect(page.data).toEqual({ displayName: "Grace Turner" });

    const text = `Lovely gears ${token()}`;
    const outcome = await postReview({ name: "Grace T.", rating: "4", review: text }, cookie);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/add-review");
    expect(await flashOf(outcome)).toEqual({ kind: "success", message: "Review added successfully" });
    const stored = await db.selectFrom("reviews").selectAll().where("review", "=", text).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ user_id: user.id, name: "Grace T.", rating: 4 });
  });

  test("a review of exactly 1000 characters is accepted", async () => {
    const { user, cookie } = await createSignedInUser();
    const outcome = await postReview({ name: "Ada", rating: "5", review: "r".repeat(1000) }, cookie);
    expect(outcome.status).toBe(302);
    const stored = await db.selectFrom("reviews").select(["review"]).where("user_id", "=", user.id).execute();
    expect(stored.map((row) => row.review.length)).toEqual([1000]);
  });

  const refusals: [string, Fields, string][] = [
    ["rating 0", { name: "Ada", rating: "0", review: "Fine" }, "rating"],
    ["rating 6", { name: "Ada", rating: "6", review: "Fine" }, "rating"],
    ["rating 2.5", { name: "Ada", rating: "2.5", review: "Fine" }, "rating"],
    ["rating x", { name: "Ada", rating: "x", review: "Fine" }, "rating"],
    ["rating missing", { name: "Ada", review: "Fine" }, "rating"],
    ["rating repeated (an array)", { name: "Ada", rating: ["4", "5"], review: "Fine" }, "rating"],
    ["review of 1001 characters", { name: "Ada", rating: "5", review: "r".repeat(1001) }, "review"],
    ["review missing", { name: "Ada", rating: "5" }, "review"],
    ["blank review", { name: "Ada", rating: "5", review: "   " }, "review"],
    ["name missing", { rating: "5", review: "Fine" }, "name"],
    ["1 MB name", { name: "n".repeat(1024 * 1024), rating: "5", review: "Fine" }, "name"],
  ];

  test.each(refusals)("%s: 400 with a field error, nothing stored", async (_label, fields, field) => {
    const { cookie } = await createSignedInUser();
    const before = await reviewCount();
    const outcome = await postReview(fields, cookie);
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome)[field]?.length ?? 0).toBeGreaterThan(0);
    expect(await reviewCount()).toBe(before);
  });

  test("rating errors say what is expected", async () => {
    const { cookie } = await createSignedInUser();
    const outcome = await postReview({ name: "Ada", rating: "6", review: "Fine" }, cookie);
    expect(fieldErrors(outcome).rating).toEqual(["Choose a rating from 1 to 5"]);
  });

  test("a signed-out visitor is sent to sign in; nothing is stored", async () => {
    const before = await reviewCount();
    const expected = "/sign-in?redirectTo=%2Fdashboard%2Fadd-review";
    const page = await call(addReview.loader, getRequest("/dashboard/add-review"));
    expect(page.status).toBe(302);
    expect(page.location).toBe(expected);
    const outcome = await postReview({ name: "Anon", rating: "5", review: "Spam" });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(expected);
    expect(await reviewCount()).toBe(before);
  });
});

describe("my reviews", () => {
  function postDelete(reviewId: number | string, cookie: string) {
    return call(
      myReview.action,
      postRequest("/dashboard/my-review", { intent: "delete", reviewId: String(reviewId) }, { cookie }),
    );
  }

  test("the author sees and deletes their own review", async () => {
    const author = await createSignedInUser();
    const other = await createSignedInUser();
    const own = await createReview({ userId: author.user.id, name: "Ada", rating: 5, review: "Mine" });
    const theirs = await createReview({ userId: other.user.id, name: "Bob", rating: 2, review: "Theirs" });

    const page = await call(
      myReview.loader,
      getRequest(`/dashboard/my-review?delete=${own.id}`, { cookie: author.cookie }),
    );
    expect(ids(page.data.reviews)).toEqual([own.id]);
    expect(page.data.confirmDelete).toBe(own.id);
    const foreignConfirm = await call(
      myReview.loader,
      getRequest(`/dashboard/my-review?delete=${theirs.id}`, { cookie: author.cookie }),
    );
    expect(foreignConfirm.data.confirmDelete).toBeNull();

    const outcome = await postDelete(own.id, author.cookie);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/my-review");
    expect(await db.selectFrom("reviews").select("id").where("id", "=", own.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("reviews").select("id").where("id", "=", theirs.id).executeTakeFirst()).toBeDefined();
  });

  test("someone else's review cannot be deleted: 404, and it stays", async () => {
    const author = await createSignedInUser();
    const other = await createSignedInUser();
    const review = await createReview({ userId: author.user.id, name: "Ada", rating: 5, review: "Keep me" });
    const outcome = await postDelete(review.id, other.cookie);
    expect(outcome.status).toBe(404);
    expect(await db.selectFrom("reviews").select("id").where("id", "=", review.id).executeTakeFirst()).toBeDefined();

    const admin = await createSignedInUser({ role: "admin" });
    expect((await postDelete(review.id, admin.cookie)).status).toBe(404);
    expect(await db.selectFrom("reviews").select("id").where("id", "=", review.id).executeTakeFirst()).toBeDefined();
  });

  test("a malformed delete is refused with 400", async () => {
    const { user, cookie } = await createSignedInUser();
    await createReview({ userId: user.id, name: "Ada", rating: 5, review: "Stay" });
    const before = await reviewCount();
    for (const reviewId of ["abc", "-1", "", "1.5", "0"]) expect((await postDelete(reviewId, cookie)).status).toBe(400);
    expect(await reviewCount()).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe("my profile", () => {
  function postProfile(fields: Fields, cookie: string) {
    return call(myProfile.action, postRequest("/dashboard/my-profile", fields, { cookie }));
  }

  test("saved profile fields show on the profile page and prefill the order form", async () => {
    const { user, cookie } = await createSignedInUser();
    const outcome = await postProfile(
      {
        intent: "profile",
        displayName: "Ada Fitter",
        phone: "+44 114 496 0123",
        address: "7 Forge Lane, Sheffield",
        company: "Fitter & Co",
      },
      cookie,
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/my-profile");
    expect(await flashOf(outcome)).toEqual({ kind: "success", message: "Profile saved" });
    expect(await getUserById(user.id)).toMatchObject({
      display_name: "Ada Fitter",
      phone: "+44 114 496 0123",
      address: "7 Forge Lane, Sheffield",
      company: "Fitter & Co",
    });

    const page = await call(myProfile.loader, getRequest("/dashboard/my-profile", { cookie }));
    expect(page.data.profile).toEqual({
      displayName: "Ada Fitter",
      phone: "+44 114 496 0123",
      address: "7 Forge Lane, Sheffield",
      company: "Fitter & Co",
    });
    expect(page.data).not.toHaveProperty("password_hash");

    const item = await newItem();
    const order = await call(orderPage.loader, getRequest(`/order/${item.id}`, { cookie }), { id: String(item.id) });
    expect(order.data.shipping).toEqual({ address: "7 Forge Lane, Sheffield", phone: "+44 114 496 0123" });
  });

  test("optional fields can be cleared", async () => {
    const { user, cookie } = await createSignedInUser();
    expect(
      (
        await postProfile(
          { intent: "profile", displayName: "Ada", phone: "0114 496 0000", address: "Somewhere", company: "Co" },
          cookie,
        )
      ).status,
    ).toBe(302);
    expect(
      (await postProfile({ intent: "profile", displayName: "Ada", phone: "", address: "", company: "" }, cookie))
        .status,
    ).toBe(302);
    expect(await getUserById(user.id)).toMatchObject({ phone: null, address: null, company: null });
  });

  test.each([
    ["phone with letters", { phone: "call me maybe" }, "phone"],
    ["phone too long", { phone: "1".repeat(40) }, "phone"],
    ["blank display name", { displayName: "  " }, "displayName"],
    ["1 MB address", { address: "a".repeat(1024 * 1024) }, "address"],
  ] as const)("%s: 400 with a field error, nothing saved", async (_label, overrides, field) => {
    const { user, cookie } = await createSignedInUser({ displayName: "Before" });
    const outcome = await postProfile(
      { intent: "profile", displayName: "After", phone: "0114 496 0000", address: "Road", company: "", ...overrides },
      cookie,
    );
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome)[field]?.length ?? 0).toBeGreaterThan(0);
    expect(await getUserById(user.id)).toMatchObject({ display_name: "Before", phone: null, address: null });
  });

  test("a wrong current password is refused with a field error; nothing changes", async () => {
    const { user, cookie } = await createSignedInUser();
    const outcome = await postProfile(
      { intent: "password", currentPassword: "not-the-password", newPassword: "brand-new-pass" },
      cookie,
    );
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome).currentPassword).toEqual(["Current password is not right"]);
    // The reply never echoes the passwords back.
    expect(JSON.stringify(outcome.data)).not.toContain("not-the-password");
    expect(JSON.stringify(outcome.data)).not.toContain("brand-new-pass");
    const after = await getUserById(user.id);
    expect(await sessionCount(user.id)).toBe(1);
    expect(await verifyPassword(TEST_PASSWORD, after!.password_hash!)).toBe(true);
    expect(await getCurrentUser(getRequest("/", { cookie }))).not.toBeNull();
  });

  test("a too-short new password is refused", async () => {
    const { user, cookie } = await createSignedInUser();
    const outcome = await postProfile(
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "12345" },
      cookie,
    );
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome).newPassword).toEqual(["Password must be at least 6 characters"]);
    expect(await verifyPassword(TEST_PASSWORD, (await getUserById(user.id))!.password_hash!)).toBe(true);
  });

  test("the right current password changes it: the old cookie stops working, the new one works", async () => {
    const { user, cookie } = await createSignedInUser();
    const outcome = await postProfile(
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass" },
      cookie,
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/my-profile");

    expect(await getCurrentUser(getRequest("/", { cookie }))).toBeNull();
    const fresh = cookieFrom(outcome);
    expect((await getCurrentUser(getRequest("/", { cookie: fresh })))?.id).toBe(user.id);
    expect(await flashOf(outcome)).toEqual({
      kind: "success",
      message: "Password changed. Other devices have been signed out.",
    });

    const after = await getUserById(user.id);
    expect(await verifyPassword("brand-new-pass", after!.password_hash!)).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, after!.password_hash!)).toBe(false);
  });

  test("signed out: page and form send the visitor to sign in", async () => {
    const expected = "/sign-in?redirectTo=%2Fdashboard%2Fmy-profile";
    const page = await call(myProfile.loader, getRequest("/dashboard/my-profile"));
    expect(page.location).toBe(expected);
    const post = await call(
      myProfile.action,
      postRequest("/dashboard/my-profile", { intent: "profile", displayName: "X" }),
    );
    expect(post.status).toBe(302);
    expect(post.location).toBe(expected);
  });
});
