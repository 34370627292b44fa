/** A route of the server build, as the walkers over every action see it. */
export type BuildRoute = { id: string; path?: string; parentId?: string; index?: boolean };

/**
 * The URL path a route answers, with every parameter filled by `param`: a nested route's own path is
 * relative to its parents' ("routes/api.item.$id" is ":id" under "api/item"), so they are joined.
 */
export function urlPathOf(routes: Record<string, BuildRoute>, routeId: string, param: string) {
  const segments: string[] = [];
  for (
    let route: BuildRoute | undefined = routes[routeId];
    route;
    route = route.parentId ? routes[route.parentId] : undefined
  ) {
    if (route.path) segments.unshift(route.path);
  }
  const path = segments
    .join("/")
    .replace(/:[^/]+/g, param)
    .replace(/\*$/, "anything");
  return `/${path}`;
}
