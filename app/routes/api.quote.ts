import { newestFirstPage, pageJson } from "~/api/paging.server";
import { ApiError, apiRoute, parseQuery } from "~/api/route.server";
import { QuoteListQuerySchema } from "~/api/schemas.server";
import { toApiQuote } from "~/api/shapes.server";
import { listQuoteDetails } from "~/models/quote";

// GET /api/quote: the caller's quotes, newest first, with their lines; every customer's for an
// administrator who asks with ?all=1. Quotes are asked for from the cart page and priced by staff.
const handleApiCall = apiRoute({
  async GET({ request, url, requireCaller }) {
    const user = await requireCaller();
    const { all, limit, offset, cursor } = parseQuery(QuoteListQuerySchema, url);
    if (all && user.role !== "admin") throw new ApiError(403, "Only an administrator can list every quote.");
    const { rows: quotes, next } = await newestFirstPage(
      (ask) => listQuoteDetails({ ...ask, ownerId: all ? undefined : user.id }),
      { limit, offset, cursor },
    );
    return pageJson(request, url, quotes.map(toApiQuote), next);
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
