import { callerRecordRoute } from "~/api/route.server";
import { toApiOrder } from "~/api/shapes.server";
import { getOrder } from "~/models/order";

// GET /api/order/:id: the caller's own order, or any order for an administrator.
const handleApiCall = callerRecordRoute(getOrder, toApiOrder, "No order of yours has this id.");

export const loader = handleApiCall;
export const action = handleApiCall;
