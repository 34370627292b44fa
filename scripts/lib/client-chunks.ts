// How the browser's code is cut into files (docs/decisions/0040). Left to Rollup, every small module
// two routes share became a chunk of its own: a product page asked for 18 scripts, most under 2 KB,
// and on a phone's connection (six at a time, a round trip each) they held back the page's picture
// and kept the main thread busy starting requests. Here the app's shared modules go in a few chunks
// by who needs them, so that a storefront page loads four or five scripts:
// - storefront: React, Remix and what the root and home routes use (every page loads it, and the
//   home page's JavaScript has a budget);
// - catalog: the rest of what two or more storefront pages share (product, catalog, order pages);
// - forms: zod and conform, with the storefront's modules that need them;
// - account, account-forms: what only the account and staff pages share.
// A module of a single route stays in that route's chunk, and a module needing any other library
// (csv-parse) stays where Rollup puts it.
import path from "node:path";

import type { Rollup } from "vite";

type GetModuleInfo = (id: string) => Rollup.ModuleInfo | null;

/** The libraries of the forms chunk: validation, which the catalog's pages do without. */
const FORM_LIBRARIES = ["zod", "@conform-to/react", "@conform-to/dom", "@conform-to/zod"];

/** Rollup's `output.manualChunks` for the client build of the app in `appDirectory`. */
export function appChunks(appDirectory: string): Rollup.GetManualChunk {
  const appPrefix = appDirectory + path.sep;
  const routesPrefix = path.join(appDirectory, "routes") + path.sep;
  const rootRoute = path.join(appDirectory, "root.tsx");
  const homeRoute = path.join(routesPrefix, "_index.tsx");

  const fileOf = (id: string) => id.split("?")[0];
  const libraryMarker = `${path.sep}node_modules${path.sep}`;
  const isLibrary = (id: string) => id.includes(libraryMarker) || id.startsWith("\0");
  const isFormLibrary = (id: string) =>
    FORM_LIBRARIES.some((name) => id.includes(`${libraryMarker}${name.split("/").join(path.sep)}${path.sep}`));
  const isRoute = (id: string) => fileOf(id) === rootRoute || fileOf(id).startsWith(routesPrefix);
  const isAccountRoute = (route: string) => path.basename(route).startsWith("dashboard");

  const routesReaching = new Map<string, Set<string>>();
  /** The route files that import `id`, directly or through other modules. */
  function routesImporting(id: string, getModuleInfo: GetModuleInfo): Set<string> {
    const known = routesReaching.get(id);
    if (known) return known;
    const routes = new Set<string>();
    routesReaching.set(id, routes); // an import cycle ends here rather than looping
    for (const importer of getModuleInfo(id)?.importers ?? []) {
      if (isRoute(importer)) routes.add(fileOf(importer));
      else for (const route of routesImporting(importer, getModuleInfo)) routes.add(route);
    }
    return routes;
  }

  const librariesReached = new Map<string, Set<string>>();
  /** The library modules `id` imports, directly or through other modules. */
  function librariesOf(id: string, getModuleInfo: GetModuleInfo): Set<string> {
    const known = librariesReached.get(id);
    if (known) return known;
    const libraries = new Set<string>();
    librariesReached.set(id, libraries);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) {
      if (isLibrary(imported)) libraries.add(imported);
      for (const library of librariesOf(imported, getModuleInfo)) libraries.add(library);
    }
    return libraries;
  }

  let everyPageLoads: Set<string> | undefined;
  /** The libraries the client entry and the root route import: every page runs them. */
  function librariesOfEveryPage(getModuleIds: () => IterableIterator<string>, getModuleInfo: GetModuleInfo) {
    everyPageLoads ??= new Set(
      [...getModuleIds()]
        .filter(
          (id) => fileOf(id) === rootRoute || (getModuleInfo(id)?.isEntry && !fileOf(id).startsWith(routesPrefix)),
        )
        .flatMap((id) => [...librariesOf(id, getModuleInfo)]),
    );
    return everyPageLoads;
  }

  return (id, { getModuleIds, getModuleInfo }) => {
    const everyPage = librariesOfEveryPage(getModuleIds, getModuleInfo);
    if (isLibrary(id)) {
      if (everyPage.has(id)) return "storefront";
      return isFormLibrary(id) ? "forms" : undefined;
    }
    const file = fileOf(id);
    if (!file.startsWith(appPrefix) || isRoute(id) || !/\.[cm]?[jt]sx?$/.test(file)) return undefined;
    const routes = routesImporting(id, getModuleInfo);
    if (routes.size === 0 || (routes.size === 1 && !routes.has(rootRoute))) return undefined;
    const storefront = [...routes].some((route) => !isAccountRoute(route));
    const extraLibraries = [...librariesOf(id, getModuleInfo)].filter((library) => !everyPage.has(library));
    if (extraLibraries.length > 0) {
      if (!extraLibraries.every(isFormLibrary)) return undefined;
      return storefront ? "forms" : "account-forms";
    }
    if (!storefront) return "account";
    return routes.has(rootRoute) || routes.has(homeRoute) ? "storefront" : "catalog";
  };
}
