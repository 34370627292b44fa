import { ApiError, apiJson, apiRoute, parseQuery } from "~/api/route.server";
import { QuoteListQuerySchema } from "~/api/schemas.server";
import { toApiQuote } from "~/api/shapes.server";
import { listQuoteDetails } from "~/models/quote.server";

// GET /api/quote: the caller's quotes, newest first, with their lines; every customer's for an
// administrator who asks with ?all=1. Quotes are asked for from the cart page and priced by staff.
const handleApiCall = apiRoute({
  async GET({ url, requireCaller }) {
    const user = await requireCaller();
    const { all } = parseQuery(QuoteListQuerySchema, url);
    if (all && user.role !== "admin") throw new ApiError(403, "Only an administrator can list every quote.");
    const quotes = await listQuoteDetails({ ownerId: all ? undefined : user.id });
    return apiJson(quotes.map(toApiQuote));
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
