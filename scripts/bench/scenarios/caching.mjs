// What each kind of response tells caches, as served: pages signed out and in, hashed assets,
// public files and the health check.

/** The Cache-Control and Vary of each kind of response, from `origin`; assets are the first the home page links. */
export async function cachingHeaders(origin, { homeHtml, reader }) {
  const firstAsset = (pattern) => homeHtml.match(pattern)?.[1];
  const checks = [
    ["Home page, signed out", "/", {}],
    ["Home page, signed in", "/", { Cookie: reader }],
    ["My Orders, signed in", "/dashboard/my-order", { Cookie: reader }],
    ["Stylesheet (hashed)", firstAsset(/href="(\/assets\/[^"]+\.css)"/), {}],
    ["Script (hashed)", firstAsset(/href="(\/assets\/[^"]+\.js)"/), {}],
    ["Item image (public/)", "/images/items/spur-gear.svg", {}],
    ["/healthz", "/healthz", {}],
  ].filter(([, url]) => url);
  const caching = [];
  for (const [label, url, headers] of checks) {
    const response = await fetch(`${origin}${url}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    caching.push({
      label,
      url,
      status: response.status,
      cacheControl: response.headers.get("Cache-Control") ?? "(none)",
      vary: response.headers.get("Vary") ?? "",
    });
  }
  return caching;
}
