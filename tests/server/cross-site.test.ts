import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { describe, expect, test } from "vitest";

import { isProcurementEndpoint } from "~/web/request.server";

import { BASE_URL } from "../support/http";
import { type BuildRoute as Route, urlPathOf } from "../support/routes";
import { createSignedInUser } from "../support/users";

// The production build, so a route added later is covered without anyone listing it here.
const buildPath = path.resolve("build/server/index.js");

type BuildRoute = Route & { module: { action?: (args: unknown) => unknown } };
let routeTable: Record<string, BuildRoute> = {};

/**
 * The actions a procurement system's server or SAP's own page post to: they prove themselves by the
 * connection's secret, never by a cookie, and take posts from other sites by design
 * (docs/decisions/0051-punchout.md). Their credentials are tested in tests/server/punchout.test.ts.
 */
const takesOtherSites = (route: BuildRoute) => isProcurementEndpoint(new URL(urlFor(route)).pathname);

async function actionRoutes() {
  if (!fs.existsSync(buildPath))
    throw new Error("build/server/index.js is missing: run `npm run build` (npm test does)");
  const build = (await import(pathToFileURL(buildPath).href)) as { routes: Record<string, BuildRoute> };
  routeTable = build.routes;
  return Object.values(build.routes).filter(
    (route) => typeof route.module.action === "function" && !takesOtherSites(route),
  );
}

function urlFor(route: BuildRoute) {
  return new URL(urlPathOf(routeTable, route.id, "1"), BASE_URL);
}

async function statusOf(route: BuildRoute, request: Request) {
  try {
    const result = await route.module.action!({
      request,
      params: { id: "1", slug: "1", "*": "anything" },
      context: {},
    });
    if (result instanceof Response) return result.status;
    return (result as { init?: { status?: number } })?.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } })?.init?.status ?? 500;
  }
}

const attacks: [string, Record<string, string>][] = [
  ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
  ["no Sec-Fetch-Site, a foreign Origin", { Origin: "https://evil.example" }],
  ["no Sec-Fetch-Site, Origin null", { Origin: "null" }],
];

describe("every action refuses cross-site posts", async () => {
  const routes = await actionRoutes();

  test("the build has the actions we expect to guard", () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  describe.each(attacks)("%s", (_label, headers) => {
    test.each(routes.map((route) => [route.id, route] as const))("%s answers 403", async (_id, route) => {
      const { cookie } = await createSignedInUser({ role: "admin" });
      const request = new Request(urlFor(route), {
        method: "POST",
        headers: { ...headers, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "delete",
          itemId: "1",
          orderId: "1",
          email: "a@b.co",
          password: "secret1",
        }),
      });
      expect(await statusOf(route, request)).toBe(403);
    });
  });

  test("the same post from the site itself is not refused as cross-site", async () => {
    const signOut = routes.find((route) => route.id === "routes/sign-out")!;
    const request = new Request(urlFor(signOut), {
      method: "POST",
      headers: { "Sec-Fetch-Site": "same-origin", Origin: BASE_URL },
    });
    expect(await statusOf(signOut, request)).toBe(302);
  });
});
