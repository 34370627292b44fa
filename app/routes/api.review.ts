import { createReview, listReviews } from "~/models/review.server";
import { toApiReview } from "~/utils/api-shapes.server";
import { apiJson, apiRoute, parseQuery, parseWith, readJsonBody } from "~/utils/api.server";
import { PagingQuerySchema, ReviewBodySchema } from "~/validation/api";

// GET /api/review (everyone, newest first) and POST /api/review (signed in): the original /review calls.
const handleApiCall = apiRoute({
  async GET({ url }) {
    const { limit, offset } = parseQuery(PagingQuerySchema, url);
    const reviews = await listReviews({ limit, offset });
    return apiJson(reviews.map(toApiReview));
  },

  async POST({ request, requireUser }) {
    const user = await requireUser();
    const review = parseWith(ReviewBodySchema, await readJsonBody(request));
    const created = await createReview({ userId: user.id, ...review });
    return apiJson(toApiReview(created), { status: 201 });
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
