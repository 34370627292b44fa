import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's own headers, on top of its parents'. With single fetch, a route without a `headers`
 * export passes on only its parent's headers (Set-Cookie aside), so a 429's Retry-After or a page's
 * no-store would be lost: every route that sets headers exports this.
 */
export const routeHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
};

/**
 * For pages that are the same for every anonymous visitor (home, catalog, product, content pages):
 * the production server may keep the answer for PAGE_CACHE_SECONDS (server/page-cache.ts). It only
 * ever does for a visitor without a session or flash cookie, for a 200 that sets no cookie.
 */
export const cacheablePageHeaders: HeadersFunction = (args) => {
  const headers = new Headers(routeHeaders(args));
  headers.set("X-Storefront-Cacheable", "1");
  return headers;
};
