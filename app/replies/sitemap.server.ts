import { appUrl } from "~/config/env.server";
import { listPosts } from "~/content/blog.server";
import { countProducts, listCategories, listProductsForSitemap } from "~/models/catalog";

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

const CONTENT_PATHS = ["/", "/items", "/about", "/contact", "/blog", "/portfolio"];

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const xmlHeader = `<?xml version="1.0" encoding="UTF-8"?>\n`;

function urlSet(entries: { path: string; lastModified?: string }[]) {
  const origin = appUrl();
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified.slice(0, 10))}</lastmod>` : "";
    return `<url><loc>${escapeXml(new URL(path, origin).toString())}</loc>${lastmod}</url>`;
  });
  return `${xmlHeader}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The pages that are not parts: content pages, blog posts and catalog categories. */
async function contentEntries() {
  const categories = await listCategories();
  return [
    ...CONTENT_PATHS.map((path) => ({ path })),
    ...listPosts().map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.date })),
    ...categories.map(({ slug }) => ({ path: `/items?category=${encodeURIComponent(slug)}` })),
  ];
}

/**
 * The sitemap: one file while everything fits in one, otherwise an index (page 0) whose first
 * sitemap holds the content pages and the rest the parts, SITEMAP_MAX_URLS at a time. Returns null
 * for a page that does not exist.
 */
export async function sitemapXml(page: number, maxUrls = SITEMAP_MAX_URLS): Promise<string | null> {
  const [content, productCount] = await Promise.all([contentEntries(), countProducts()]);
  const productEntries = async (offset: number, limit: number) =>
    (await listProductsForSitemap({ offset, limit })).map((item) => ({
      path: `/items/${item.id}`,
      lastModified: item.created_at,
    }));

  if (content.length + productCount <= maxUrls) {
    return page === 0 ? urlSet([...content, ...(await productEntries(0, productCount))]) : null;
  }
  const productPages = Math.ceil(productCount / maxUrls);
  if (page === 0) {
    const origin = appUrl();
    const sitemaps = Array.from({ length: productPages + 1 }, (_, index) => {
      const loc = new URL(`/sitemap.xml?page=${index + 1}`, origin).toString();
      return `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`;
    });
    return `${xmlHeader}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
  }
  if (page === 1) return urlSet(content);
  if (page - 2 < productPages) return urlSet(await productEntries((page - 2) * maxUrls, maxUrls));
  return null;
}
