import type { LoaderFunctionArgs } from "@remix-run/node";

import { sitemapXml } from "~/replies/sitemap.server";

// For search engines: every part and content page; an index of sitemaps past 50,000 URLs.
export async function loader({ request }: LoaderFunctionArgs) {
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam === null ? 0 : /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : -1;
  const xml = page < 0 ? null : await sitemapXml(page);
  if (xml === null) {
    return new Response("No such sitemap.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
