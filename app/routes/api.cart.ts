import { apiJson, apiRoute } from "~/api/route.server";
import { toApiCart } from "~/api/shapes.server";
import { dispatchSettings } from "~/config/env.server";
import { dispatchClock } from "~/lib/dispatch";
import { getCart } from "~/models/cart";

// GET /api/cart: the caller's cart as ordering it now would go (the cart page's bill, in JSON).
const handleApiCall = apiRoute({
  async GET({ requireCaller }) {
    const user = await requireCaller();
    return apiJson(toApiCart(await getCart(user.id), dispatchClock(new Date(), dispatchSettings())));
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
