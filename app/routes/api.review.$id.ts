import { ApiError, apiJson, apiRoute } from "~/api/route.server";
import { toApiReview } from "~/api/shapes.server";
import { getReview } from "~/models/review.server";
import { parseId } from "~/validation/common";

// GET /api/review/:id (everyone): one review, as the list shows it; where a new review's Location points.
const handleApiCall = apiRoute({
  async GET({ params }) {
    const id = parseId(params.id);
    const review = id === null ? undefined : await getReview(id);
    if (!review) throw new ApiError(404, "No review has this id.");
    return apiJson(toApiReview(review));
  },
});

export const loader = handleApiCall;
export const action = handleApiCall;
