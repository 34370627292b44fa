import { ApiError, apiJson, apiRoute, parseQuery, parseWith, readJsonBody } from "~/api/route.server";
import { CompleteOrderSchema, OrderListQuerySchema } from "~/api/schemas.server";
import { toApiOrder } from "~/api/shapes.server";
import { getOrder, listAllOrders, listOrdersForUser, placeOrder } from "~/models/order.server";
import { quantityLimitMessage } from "~/validation/order";

// POST /api/order places an order through the same transaction as the order page; GET lists them.
// (The original ordered with PUT /item/{id} and a new quantity: a client never writes stock here.)
const handleApiCall = apiRoute({
  async GET({ url, requireCaller }) {
    const user = await requireCaller();
    const { all } = parseQuery(OrderListQuerySchema, url);
    if (all && user.role !== "admin") throw new ApiError(403, "Only an administrator can list every order.");
    const orders = all ? await listAllOrders({}) : await listOrdersForUser(user.id);
    return apiJson(orders.map(toApiOrder));
  },

  async POST({ request, requireCaller }) {
    const user = await requireCaller();
    const fromProfile = { address: user.address ?? undefined, phone: user.phone ?? undefined };
    const order = parseWith(CompleteOrderSchema, { ...fromProfile, ...(await readJsonBody(request)) });
    const result = await placeOrder({ userId: user.id, ...order });
    if (!result.ok) {
      if (result.reason === "not-found") throw new ApiError(404, "No item has this id.");
      throw new ApiError(409, quantityLimitMessage(result.available), { available: result.available });
    }
    const placed = await getOrder(result.orderId);
    if (!placed) throw new Error(`Order ${result.orderId} vanished right after it was placed`);
    return apiJson(toApiOrder(placed), { status: 201 });
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
