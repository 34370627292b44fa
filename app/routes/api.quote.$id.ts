import { callerRecordRoute } from "~/api/route.server";
import { toApiQuote } from "~/api/shapes.server";
import { getQuote } from "~/models/quote";

// GET /api/quote/:id: the caller's own quote, or any quote for an administrator.
const handleApiCall = callerRecordRoute(getQuote, toApiQuote, "No quote of yours has this id.");

export const loader = handleApiCall;
export const action = handleApiCall;
