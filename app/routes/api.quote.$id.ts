import { ApiError, apiJson, apiRoute } from "~/api/route.server";
import { toApiQuote } from "~/api/shapes.server";
import { getQuote } from "~/models/quote";
import { parseId } from "~/validation/common";

// GET /api/quote/:id: the caller's own quote, or any quote for an administrator.
const handleApiCall = apiRoute({
  async GET({ params, requireCaller }) {
    const user = await requireCaller();
    const id = parseId(params.id);
    const quote = id && (await getQuote(id, { ownerId: user.role === "admin" ? undefined : user.id }));
    // Someone else's quote is answered as missing: its existence is not the caller's business.
    if (!quote) throw new ApiError(404, "No quote of yours has this id.");
    return apiJson(toApiQuote(quote));
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
