import { newestFirstPage, pageJson } from "~/api/paging.server";
import { apiJson, apiRoute, parseQuery, parseWith, readJsonBody, requirePoints } from "~/api/route.server";
import { ReviewBodySchema, ReviewListQuerySchema } from "~/api/schemas.server";
import { toApiReview } from "~/api/shapes.server";
import { createReview, listReviews } from "~/models/review.server";
import { limitsFor } from "~/web/rate-limit.server";

// GET /api/review (everyone, newest first) and POST /api/review (signed in): the original /review calls.
const handleApiCall = apiRoute({
  async GET({ request, url }) {
    const { limit, offset, cursor } = parseQuery(ReviewListQuerySchema, url);
    const { rows, next } = await newestFirstPage(listReviews, { limit, offset, cursor });
    return pageJson(request, url, rows.map(toApiReview), next);
  },

  async POST({ request, context, requireCaller }) {
    const user = await requireCaller();
    const review = parseWith(ReviewBodySchema, await readJsonBody(request));
    // The same limit as the Add a Review page: posting through the API is no way around it.
    const quota = await requirePoints(limitsFor("posting", `user:${user.id}`, context.clientAddress));
    const created = await createReview({ userId: user.id, ...review });
    return apiJson(toApiReview(created), { status: 201, headers: { Location: `/api/review/${created.id}`, ...quota } });
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
