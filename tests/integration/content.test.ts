import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import * as about from "~/routes/about";
import * as blog from "~/routes/blog._index";
import * as blogPost from "~/routes/blog.$slug";
import * as contact from "~/routes/contact";
import * as messages from "~/routes/dashboard.messages";
import * as portfolio from "~/routes/portfolio";

import { call, cookieFrom, getRequest, postRequest } from "../support/http";
import { createSignedInUser } from "../support/users";

async function messageCount() {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("blog", () => {
  test("lists at least six posts, each with a title, a description and a full answer", async () => {
    const list = await call(blog.loader, getRequest("/blog"));
    expect(list.data.posts.length).toBeGreaterThanOrEqual(6);
    for (const summary of list.data.posts) {
      expect(summary.title.length).toBeGreaterThan(10);
      expect(summary.description.length).toBeGreaterThan(20);
      expect(summary.description.length).toBeLessThanOrEqual(160);
      const page = await call(blogPost.loader, getRequest(`/blog/${summary.slug}`), { slug: summary.slug });
      expect(page.status).toBe(200);
      const html: string = page.data.post.html;
      // A complete answer: several paragraphs of real text, rendered on the server.
      expect(html.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
      expect(html.replace(/<[^>]+>/g, "").length).toBeGreaterThan(1200);
      expect(html).not.toMatch(/lorem|TODO|placeholder/i);
    }
  });

  test("newest post first", async () => {
    const { data } = await call(blog.loader, getRequest("/blog"));
    const dates = data.posts.map((post: { date: string }) => post.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test("an unknown slug is a 404", async () => {
    const outcome = await call(blogPost.loader, getRequest("/blog/nope"), { slug: "nope" });
    expect(outcome.status).toBe(404);
  });
});

describe("portfolio and about", () => {
  test("the portfolio has a profile, technologies and three projects with safe external links", async () => {
    const { data } = await call(portfolio.loader, getRequest("/portfolio"));
    expect(data.portfolio.name).toBeTruthy();
    expect(data.portfolio.technologies.length).toBeGreaterThan(3);
    expect(data.portfolio.projects).toHaveLength(3);
    for (const project of data.portfolio.projects) expect(project.url).toMatch(/^https:\/\//);
  });

  test("about says what the company makes, for whom and how ordering works", async () => {
    const { data } = await call(about.loader, getRequest("/about"));
    const headings = data.about.sections.map((section: { heading: string }) => section.heading);
    expect(headings).toEqual(["What we make", "Who we make it for", "How ordering works"]);
  });
});

describe("contact form", () => {
  test("stores a message and thanks the sender", async () => {
    const before = await messageCount();
    const outcome = await call(
      contact.action,
      postRequest("/contact", {
        name: "Iris Bolt",
        email: "iris@example.com",
        message: "Do you cut module 3 gears?",
        website: "",
      }),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/contact");
    expect(await messageCount()).toBe(before + 1);
    const root = await import("~/root");
    const page = await call(root.loader, getRequest("/contact", { cookie: cookieFrom(outcome) }));
    expect(page.data.flash).toEqual({ kind: "success", message: "Message sent, thank you" });
  });

  test("a filled honeypot gets the same thank-you and stores nothing", async () => {
    const before = await messageCount();
    const outcome = await call(
      contact.action,
      postRequest("/contact", {
        name: "Bot",
        email: "bot@example.com",
        message: "Buy now",
        website: "http://spam.example",
      }),
    );
    expect(outcome.status).toBe(302);
    expect(await messageCount()).toBe(before);
  });

  test.each([
    ["nothing", {}, { name: "Enter your name", email: "Enter Your Email", message: "Enter a message" }],
    ["a malformed email", { name: "A", email: "nope", message: "Hi" }, { email: "Email Not Valid" }],
    [
      "a message over 2,000 characters",
      { name: "A", email: "a@b.co", message: "m".repeat(2001) },
      { message: "A message must be at most 2000 characters" },
    ],
    [
      "a NUL character, which PostgreSQL cannot store",
      { name: "A", email: "a@b.co", message: "hi\u0000there" },
      { message: "A message contains characters that are not allowed" },
    ],
    [
      "a 1 MB name",
      { name: "n".repeat(1024 * 1024), email: "a@b.co", message: "Hi" },
      { name: "Your name must be at most 80 characters" },
    ],
  ] as const)("%s: 400 with messages, nothing stored", async (_label, fields, expected) => {
    const before = await messageCount();
    const outcome = await call(contact.action, postRequest("/contact", fields));
    expect(outcome.status).toBe(400);
    for (const [field, message] of Object.entries(expected)) expect(outcome.data.error[field]).toContain(message);
    expect(await messageCount()).toBe(before);
  });

  test("admins read the messages; customers get 403; visitors are sent to sign in", async () => {
    await call(
      contact.action,
      postRequest("/contact", { name: "Reader Test", email: "reader@example.com", message: "Please call me back." }),
    );
    const admin = await createSignedInUser({ role: "admin" });
    const customer = await createSignedInUser();
    const asAdmin = await call(messages.loader, getRequest("/dashboard/messages", { cookie: admin.cookie }));
    expect(asAdmin.status).toBe(200);
    expect(
      asAdmin.data.messages.some((message: { message: string }) => message.message === "Please call me back."),
    ).toBe(true);
    const asCustomer = await call(messages.loader, getRequest("/dashboard/messages", { cookie: customer.cookie }));
    expect(asCustomer.status).toBe(403);
    const asVisitor = await call(messages.loader, getRequest("/dashboard/messages"));
    expect(asVisitor.status).toBe(302);
    expect(asVisitor.location).toBe("/sign-in?redirectTo=%2Fdashboard%2Fmessages");
  });
});
