import { apiJson, apiRoute, parseQuery, parseWith, readJsonBody, requirePoints } from "~/api/route.server";
import { PagingQuerySchema, ReviewBodySchema } from "~/api/schemas.server";
import { toApiReview } from "~/api/shapes.server";
import { limitsFor } from "~/auth/rate-limit.server";
import { createReview, listReviews } from "~/models/review.server";

// GET /api/review (everyone, newest first) and POST /api/review (signed in): the original /review calls.
const handleApiCall = apiRoute({
  async GET({ url }) {
    const { limit, offset } = parseQuery(PagingQuerySchema, url);
    const reviews = await listReviews({ limit, offset });
    return apiJson(reviews.map(toApiReview));
  },

  async POST({ request, context, requireCaller }) {
    const user = await requireCaller();
    const review = parseWith(ReviewBodySchema, await readJsonBody(request));
    // The same limit as the Add a Review page: posting through the API is no way around it.
    await requirePoints(limitsFor("posting", `user:${user.id}`, context.clientAddress));
    const created = await createReview({ userId: user.id, ...review });
    return apiJson(toApiReview(created), { status: 201 });
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
