import { z } from "zod";

import { appUrl } from "~/config/env.server";
import { type CatalogFilter, highestItemId, listCatalogSlice } from "~/models/catalog";
import { DEEPEST_OFFSET } from "~/validation/catalog";
import { MAX_ID } from "~/validation/common";

import { apiJsonWithTag } from "./errors.server";

// GET /api/item's pages. The original backend answered every part at once; this API answers at most
// `limit` and says where the rest is, in a `Link: <…>; rel="next"` header (RFC 8288) whose URL carries
// a `cursor`. The body stays the plain array the original's clients read.

/** Where a page starts: among the parts whose id is below `below` (all, without it), after `skip` of them. */
export type ListCursor = { below?: number; skip: number };

const CursorShape = z.object({
  below: z.number().int().min(1).max(MAX_ID).optional(),
  skip: z.number().int().min(0).max(DEEPEST_OFFSET),
});

/** A cursor as it travels in a URL: opaque to clients, who only ever copy it from a Link. */
export function encodeCursor(cursor: ListCursor) {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** The `cursor` query parameter: what encodeCursor made, or a 400. */
export const CursorParam = z.string().transform((text, context): ListCursor => {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  const parsed = CursorShape.safeParse(decoded);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: "custom", message: "cursor must be copied from the Link header of an earlier page" });
  return z.NEVER;
});

type ItemsPageAsk = { filter: CatalogFilter; limit: number; offset?: number; cursor?: ListCursor };

/**
 * One page of parts in the catalog page's order, and the cursor of the next one (undefined on the
 * last page). Both orders stay put while parts are added, as a client walking the pages needs:
 * newest first goes on below the last id shown (a new part has a higher id than any before it);
 * a search, ranked by relevance, counts its pages among the parts that existed when its first page
 * was read, so a part added meanwhile moves none of them.
 */
export async function itemsPage({ filter, limit, offset = 0, cursor }: ItemsPageAsk) {
  const ranked = Boolean(filter.query);
  const start = cursor ?? { below: ranked ? (await highestItemId()) + 1 : undefined, skip: offset };
  // One more than the page holds: whether it exists says whether there is a next page.
  const found = await listCatalogSlice(filter, { limit: limit + 1, offset: start.skip, idsBelow: start.below });
  const items = found.slice(0, limit);
  if (found.length <= limit) return { items, next: undefined };
  const next: ListCursor = ranked
    ? { below: start.below, skip: start.skip + limit }
    : { below: items[items.length - 1].id, skip: 0 };
  return { items, next };
}

/**
 * One page of a newest-first list (reviews, orders, quotes), and the cursor of the next one: one row
 * more than the page holds says whether there is a next, which starts below the last id shown (a new
 * row has a higher id than any before it, so the pages never shift while rows are added).
 */
export async function newestFirstPage<Row extends { id: number }>(
  read: (ask: { limit: number; offset: number; below?: number }) => Promise<Row[]>,
  { limit, offset = 0, cursor }: { limit: number; offset?: number; cursor?: ListCursor },
) {
  const start = cursor ?? { skip: offset };
  const found = await read({ limit: limit + 1, offset: start.skip, below: start.below });
  const rows = found.slice(0, limit);
  const next: ListCursor | undefined = found.length > limit ? { below: rows[rows.length - 1].id, skip: 0 } : undefined;
  return { rows, next };
}

/** The `Link` header of a page: the same request, absolute on APP_URL, with the next page's cursor. */
export function nextPageLink(url: URL, next: ListCursor) {
  const target = new URL(url.pathname, appUrl());
  for (const [name, value] of url.searchParams) {
    if (name !== "cursor" && name !== "offset") target.searchParams.append(name, value);
  }
  target.searchParams.set("cursor", encodeCursor(next));
  return `<${target}>; rel="next"`;
}

/** A page of a list as the API answers it: the array, its ETag, and a Link to the next page when there is one. */
export function pageJson(request: Request, url: URL, body: unknown[], next: ListCursor | undefined) {
  return apiJsonWithTag(request, body, { headers: next ? { Link: nextPageLink(url, next) } : undefined });
}
