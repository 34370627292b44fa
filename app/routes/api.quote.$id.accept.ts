import { ApiError, apiJson, apiRoute, parseWith, readJsonBody, requirePoints } from "~/api/route.server";
import { QuoteAcceptBodySchema } from "~/api/schemas.server";
import { toApiOrder, toApiQuote } from "~/api/shapes.server";
import { getOrder } from "~/models/order";
import { getQuote } from "~/models/quote";
import { acceptRefusal } from "~/replies/quote.server";
import { acceptQuote } from "~/services/quotes.server";
import { parseId } from "~/validation/common";
import { orderingLimits } from "~/web/rate-limit.server";

// POST /api/quote/:id/accept: the buyer accepts their quote, and the order is placed at its prices
// through the same transaction as every order: once per quote, only while it is valid.
const handleApiCall = apiRoute({
  async POST({ request, params, requireCaller }) {
    const user = await requireCaller();
    const id = parseId(params.id);
    if (!id) throw new ApiError(404, "No quote of yours has this id.");
    const fromProfile = { address: user.address ?? undefined, phone: user.phone ?? undefined };
    const body = parseWith(QuoteAcceptBodySchema, { ...fromProfile, ...(await readJsonBody(request)) });
    // The same limit as the order pages: every order mails the customer and the shop.
    const quota = await requirePoints(orderingLimits(user.id));
    const result = await acceptQuote(user.id, id, {
      address: body.address!,
      phone: body.phone!,
      poNumber: body.poNumber,
      expectedTotalCents: body.expectedTotal === undefined ? undefined : Math.round(body.expectedTotal * 100),
    });
    if (!result.ok) {
      // The pages' own words, and the quote as it is now (accepted: its orderId names the order).
      if (result.reason === "not-found") throw new ApiError(404, "No quote of yours has this id.");
      const quote = await getQuote(id, { ownerId: user.id });
      const refusal = acceptRefusal(result, quote);
      throw new ApiError(refusal.status, refusal.formErrors!.join(" "), quote ? { quote: toApiQuote(quote) } : {});
    }
    const placed = await getOrder(result.orderId, { ownerId: user.id });
    if (!placed) throw new Error(`Order ${result.orderId} vanished right after it was placed`);
    return apiJson(toApiOrder(placed), { status: 201, headers: { Location: `/api/order/${placed.id}`, ...quota } });
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
