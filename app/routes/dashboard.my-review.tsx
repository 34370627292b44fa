import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { ReplyErrors } from "~/components/forms";
import { ReviewCard } from "~/components/review-card";
import { deleteOwnReview, listReviewsByUser } from "~/models/review.server";
import { parseId } from "~/validation/common";
import { DeleteReviewSchema } from "~/validation/review";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "My Reviews")];

export const headers = routeHeaders;

const QUESTION = "Delete this review? This cannot be undone.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const reviews = await listReviewsByUser(user.id);
  const deleteId = parseId(new URL(request.url).searchParams.get("delete") ?? undefined);
  return { reviews, confirmDelete: reviews.find((review) => review.id === deleteId)?.id ?? null };
}

export const action = formAction({
  guard: requireUser,
  schema: DeleteReviewSchema,
  async run({ user, value }) {
    const deleted = await deleteOwnReview(value.reviewId, user.id);
    if (!deleted) return refuse(404, "Review not found.");
    return redirectWithFlash("/dashboard/my-review", "Review deleted");
  },
});

export default function MyReviews() {
  const { reviews, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">My Reviews</h1>
      <ReplyErrors reply={reply} />
      {confirmDelete ? (
        <ConfirmPanel
          question={QUESTION}
          confirmLabel="Delete review"
          cancelHref="/dashboard/my-review"
          fields={{ reviewId: confirmDelete }}
          intent="delete"
        />
      ) : null}
      {reviews.length === 0 ? (
        <p className="mt-6 text-slate-600">
          No reviews yet.{" "}
          <AppLink to="/dashboard/add-review" className="font-semibold text-orange-800 underline">
            Write your first review
          </AppLink>
          .
        </p>
      ) : (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {reviews.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              headingLevel={2}
              actions={
                <div className="mt-auto">
                  <ConfirmAction
                    label="Delete"
                    accessibleLabel={`Delete review ${review.id}`}
                    question={QUESTION}
                    confirmLabel="Delete review"
                    fallbackHref={`/dashboard/my-review?delete=${review.id}`}
                    fields={{ reviewId: review.id }}
                    intent="delete"
                  />
                </div>
              }
            />
          ))}
        </div>
      )}
    </section>
  );
}
