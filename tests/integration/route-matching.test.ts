import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { AgnosticRouteMatch, AgnosticRouteObject } from "@remix-run/router";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { BASE_URL } from "../support/http";
import { type BuildRoute, urlPathOf } from "../support/routes";

// Route matching runs on patched React Router packages (patches/, decision 23): the route table's
// ranked branches and every pattern's regular expression are worked out once, and Remix renders
// every page from the same routes. Matching must answer exactly as the published code does, for
// every route of the production build and the URLs around them, and the patches must be in place:
// a lost patch fails here, not only in the benchmark.

const buildPath = path.resolve("build/server/index.js");
// The packages as the production server loads them: resolved by Node from the build.
const requireFromBuild = createRequire(buildPath);

type Router = {
  matchRoutes: (routes: AgnosticRouteObject[], location: string) => AgnosticRouteMatch[] | null;
  matchPath: (pattern: string, pathname: string) => unknown;
};
const router = requireFromBuild("@remix-run/router") as Router & {
  UNSAFE_convertRoutesToDataRoutes: (...args: unknown[]) => AgnosticRouteObject[];
};
// The same version's browser build (dist/router.umd.js), which the patches leave alone: the
// published algorithm, to compare with.
const published = requireFromBuild("@remix-run/router/dist/router.umd.js") as Router;

type Build = ServerBuild & { routes: Record<string, BuildRoute & { module: object; caseSensitive?: boolean }> };
let build: Build;
// Every shape of route table Remix matches on the server: the request handler's, the static
// handler's, the render's (@remix-run/react) and the data routes the render's static router makes.
let tables: [string, AgnosticRouteObject[]][];

beforeAll(async () => {
  if (!fs.existsSync(buildPath))
    throw new Error("build/server/index.js is missing: run `npm run build` (npm test does)");
  build = (await import(pathToFileURL(buildPath).href)) as Build;
  const serverRuntime = requireFromBuild("@remix-run/server-runtime/dist/routes.js") as {
    createRoutes: (routes: Build["routes"]) => AgnosticRouteObject[];
    createStaticHandlerDataRoutes: (routes: Build["routes"], future: Build["future"]) => AgnosticRouteObject[];
  };
  const remixReact = requireFromBuild("@remix-run/react/dist/routes.js") as {
    createServerRoutes: (...args: unknown[]) => AgnosticRouteObject[];
  };
  const staticRouter = requireFromBuild("react-router-dom/server") as {
    createStaticRouter: (routes: AgnosticRouteObject[], context: object) => { routes: AgnosticRouteObject[] };
  };
  const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route.module]));
  const renderRoutes = remixReact.createServerRoutes(build.assets.routes, routeModules, build.future, build.isSpaMode);
  tables = [
    ["request handler", serverRuntime.createRoutes(build.routes)],
    ["static handler", serverRuntime.createStaticHandlerDataRoutes(build.routes, build.future)],
    ["render", renderRoutes],
    ["render's static router", staticRouter.createStaticRouter(renderRoutes, { matches: [] }).routes],
  ];
});

/** What a match says: which routes, with which params, over which part of the path. */
function outcome(matcher: Router, routes: AgnosticRouteObject[], url: string) {
  try {
    return matcher
      .matchRoutes(routes, url)
      ?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase }));
  } catch (error) {
    return `throws ${String(error)}`;
  }
}

/** Each route's own URL with its parameters filled in several ways, and the URLs around it. */
function urlsAround(routes: Build["routes"]) {
  const params = ["1", "50000", "abc-def", "with%20space", "a%2Fb", "caf%C3%A9", "x.y", "%25"];
  const urls = new Set<string>();
  for (const id of Object.keys(routes)) {
    for (const param of params) {
      const url = urlPathOf(routes, id, param);
      for (const variant of [url, `${url}/`, `${url}//`, url.toUpperCase(), `${url}/extra`, `${url}/extra/more`])
        urls.add(variant);
    }
  }
  for (const url of [
    "/",
    "//",
    "",
    "/index",
    "/_index",
    "/home",
    "/nope",
    "/sitemap.xml",
    "/sitemap.xml/",
    "/sitemap.XML",
    "/sitemapxxml",
    "/robots.txt",
    "/api/openapi.json",
    "/api/openapijson",
    "/api",
    "/api/",
    "/api/item/",
    "/api/anything/else",
    "/items/",
    "/items/1/",
    "/items/1/reviews",
    "/ITEMS/1",
    "/dashboard/",
    "/dashboard/nope",
    "/dashboard/my-order/1/extra",
    "/dashboard/manage-order/%31",
    "/blog/a%2Fb",
    "/blog/%E2%9C%93",
    "/auth/google/callback/",
    "/auth/GOOGLE/callback",
    "/add-review",
    "/manage-product",
    "/assets/entry.client-abc.js",
    "/media/abc-small.webp",
    "/items?q=x",
    "/items#top",
    "/./items",
    "/items/..",
  ])
    urls.add(url);
  return [...urls];
}

describe("the patched matcher answers as the published one", () => {
  test("the build has the routes we expect to match", () => {
    expect(Object.keys(build.routes).length).toBeGreaterThanOrEqual(40);
    for (const [, routes] of tables) expect(routes.length).toBeGreaterThan(0);
  });

  test("every route of the production build, and the URLs around each, in every table Remix matches", () => {
    const urls = urlsAround(build.routes);
    expect(urls.length).toBeGreaterThan(500);
    for (const [name, routes] of tables) {
      // Twice: the first pass works the table out, the second answers from what was kept.
      for (const pass of [1, 2]) {
        const differing = urls.filter(
          (url) => !isDeepStrictEqual(outcome(router, routes, url), outcome(published, routes, url)),
        );
        expect(differing, `${name}, pass ${pass}`).toEqual([]);
      }
    }
  });

  test("each route's own URL reaches that route", () => {
    const [, routes] = tables[0];
    for (const [id, route] of Object.entries(build.routes)) {
      // A layout route's own URL is answered by its index route; a splat by itself.
      const matched = router.matchRoutes(routes, urlPathOf(build.routes, id, "1"))?.at(-1)?.route.id;
      const indexChild = Object.values(build.routes).find(
        (child) => child.parentId === id && child.index && !child.path,
      );
      expect(matched, id).toBe(indexChild && !route.index ? indexChild.id : id);
    }
  });

  describe("a path that cannot be decoded", () => {
    afterEach(() => vi.restoreAllMocks());

    test("is matched undecoded, as before (both warn)", () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      for (const [, routes] of tables) {
        for (const url of ["/blog/%E0%A4%A", "/items/%", "/%zz"])
          expect(outcome(router, routes, url)).toEqual(outcome(published, routes, url));
      }
    });
  });

  test("any route table and any path: the same routes, params and pathnames", () => {
    const segment = fc.constantFrom("a", "b", "A", "items", "x.y", ":id", ":slug", "a?", ":id?", "");
    const routePath = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join("/")),
      fc.array(segment, { maxLength: 2 }).map((segments) => [...segments, "*"].join("/")),
      fc.constantFrom("/", "*", "/a", "/a/b"),
    );
    type RouteShape = { path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteShape[] };
    const { routes: routeTable } = fc.letrec<{ routes: RouteShape[]; route: RouteShape }>((tie) => ({
      routes: fc.array(tie("route"), { maxLength: 4 }),
      route: fc.oneof(
        { depthSize: "small" },
        fc.record({ path: routePath, index: fc.boolean(), caseSensitive: fc.boolean() }, { requiredKeys: ["index"] }),
        fc.record(
          { path: routePath, caseSensitive: fc.boolean(), children: tie("routes") },
          { requiredKeys: ["children"] },
        ),
      ),
    }));
    const urlSegment = fc.constantFrom("a", "b", "A", "items", "1", "x.y", "", "%20", "caf%C3%A9", "a%2Fb");
    const url = fc
      .tuple(fc.array(urlSegment, { maxLength: 4 }), fc.boolean())
      .map(([segments, slash]) => `/${segments.join("/")}${slash ? "/" : ""}`);

    fc.assert(
      fc.property(routeTable, fc.array(url, { minLength: 1, maxLength: 20 }), (table, urls) => {
        const routes = table as AgnosticRouteObject[];
        for (const pathname of [...urls, ...urls])
          expect(outcome(router, routes, pathname)).toEqual(outcome(published, routes, pathname));
      }),
      { numRuns: 500 },
    );
  });
});

describe("the patches are applied", () => {
  afterEach(() => vi.restoreAllMocks());

  test("the server loads one copy of the router, the patched one", () => {
    const remix = requireFromBuild("@remix-run/react") as Router;
    expect(requireFromBuild.resolve("@remix-run/router")).toMatch(/router\.cjs\.js$/);
    expect(remix.matchRoutes).toBe(router.matchRoutes);
  });

  test("a routes array is flattened and ranked once: what is kept answers the next match", () => {
    const routes: AgnosticRouteObject[] = [{ path: "a" }];
    expect(router.matchRoutes(routes, "/b")).toBeNull();
    routes.push({ path: "b" });
    // Kept from the first match, the array's branches know nothing of the route added since;
    // a new array is worked out afresh, and the published code works every array out every time.
    expect(router.matchRoutes(routes, "/b")).toBeNull();
    expect(router.matchRoutes([...routes], "/b")?.[0].route.path).toBe("b");
    expect(published.matchRoutes(routes, "/b")?.[0].route.path).toBe("b");
  });

  test("a pattern is compiled once, however often it is matched", () => {
    // A splat not after a slash compiles with a warning: one warning per compilation.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let round = 0; round < 3; round++) router.matchPath("compiled-once*", "/compiled-once/x");
    expect(warn).toHaveBeenCalledTimes(1);
    for (let round = 0; round < 3; round++) published.matchPath("compiled-once*", "/compiled-once/x");
    expect(warn).toHaveBeenCalledTimes(4);
  });

  test("Remix renders every page from the same routes and the same data routes", async () => {
    const remixReact = requireFromBuild("@remix-run/react/dist/routes.js") as {
      createServerRoutes: (...args: unknown[]) => unknown;
    };
    const serverRoutes = vi.spyOn(remixReact, "createServerRoutes");
    const dataRoutes = vi.spyOn(router, "UNSAFE_convertRoutesToDataRoutes");
    const handle = createRequestHandler(build, "production");
    for (const url of ["/about", "/contact", "/about"]) {
      const response = await handle(new Request(new URL(url, BASE_URL)));
      await response.text();
      expect(response.status, url).toBe(200);
    }
    // Made at most once (not at all when an earlier test's render already made them), not per page.
    expect(serverRoutes.mock.calls.length).toBeLessThanOrEqual(1);
    expect(dataRoutes.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
