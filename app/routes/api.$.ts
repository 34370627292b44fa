import { ApiError, apiRoute } from "~/api/route.server";

// Any other path under /api answers in JSON too, never with the HTML 404 page.
async function noSuchCall(): Promise<never> {
  throw new ApiError(404, "There is no such API call. The calls are listed at /api/openapi.json.");
}

const handleApiCall = apiRoute({ GET: noSuchCall, POST: noSuchCall, PUT: noSuchCall, DELETE: noSuchCall });

export const loader = handleApiCall;
export const action = handleApiCall;
