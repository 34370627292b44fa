import { ApiError, apiJson, apiRoute } from "~/api/route.server";
import { toApiOrder } from "~/api/shapes.server";
import { getOrder } from "~/models/order";
import { parseId } from "~/validation/common";

// GET /api/order/:id: the caller's own order, or any order for an administrator.
const handleApiCall = apiRoute({
  async GET({ params, requireCaller }) {
    const user = await requireCaller();
    const id = parseId(params.id);
    const order = id && (await getOrder(id, { ownerId: user.role === "admin" ? undefined : user.id }));
    // Someone else's order is answered as missing: its existence is not the caller's business.
    if (!order) throw new ApiError(404, "No order of yours has this id.");
    return apiJson(toApiOrder(order));
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
