import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { flashHeaders } from "~/auth/session.server";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { readForm } from "~/utils/request.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms";
import { ReviewCard } from "~/components/review-card";
import { deleteOwnReview, listReviewsByUser } from "~/models/review.server";
import { parseId } from "~/validation/common";
import { DeleteReviewSchema } from "~/validation/review";

export const meta: MetaFunction = () => [{ title: "My Reviews | Gearwright Parts" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const reviews = await listReviewsByUser(user.id);
  const deleteId = parseId(new URL(request.url).searchParams.get("delete") ?? undefined);
  return { reviews, confirmDelete: reviews.find((review) => review.id === deleteId)?.id ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const user = await requireUser(request);
  const submission = parseWithZod(formData, { schema: DeleteReviewSchema });
  if (submission.status !== "success") return data({ error: "That request was not understood." }, { status: 400 });
  const deleted = await deleteOwnReview(submission.value.reviewId, user.id);
  if (!deleted) return data({ error: "Review not found." }, { status: 404 });
  return redirect("/dashboard/my-review", {
    headers: await flashHeaders(request, { kind: "success", message: "Review deleted" }),
  });
}

export default function MyReviews() {
  const { reviews, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const question = "Delete this review? This cannot be undone.";
  return (
    <section>
      <h1 className="text-2xl font-bold">My Reviews</h1>
      <FormErrors errors={actionData?.error ? [actionData.error] : null} />
      {confirmDelete ? (
        <ConfirmPanel question={question} confirmLabel="Delete review" cancelHref="/dashboard/my-review" fields={{ reviewId: confirmDelete }} intent="delete" />
      ) : null}
      {reviews.length === 0 ? (
        <p className="mt-6 text-slate-600">
          No reviews yet. <Link to="/dashboard/add-review" className="font-semibold text-orange-800 underline">Write your first review</Link>.
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
                  <ConfirmAction label="Delete" accessibleLabel={`Delete review ${review.id}`} question={question} confirmLabel="Delete review" fallbackHref={`/dashboard/my-review?delete=${review.id}`} fields={{ reviewId: review.id }} intent="delete" />
                </div>
              }
            />
          ))}
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
