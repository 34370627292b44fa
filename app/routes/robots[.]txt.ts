import { appUrl } from "~/config/env.server";

// Crawlers may read the shop; account pages, the API and the sign-in flows are of no use to them.
export const loader = () =>
  new Response(
    [
      "User-agent: *",
      "Disallow: /dashboard",
      "Disallow: /api/",
      "Disallow: /order/",
      "Disallow: /sign-in",
      "Disallow: /sign-up",
      "Disallow: /auth/",
      "Allow: /",
      "",
      `Sitemap: ${new URL("/sitemap.xml", appUrl()).toString()}`,
      "",
    ].join("\n"),
    { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } },
  );
