import { getFormProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { Field, FormErrors, SelectField, StatusButton, TextareaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { createReview } from "~/models/review.server";
import { REVIEW_MAX_LENGTH, ReviewSchema } from "~/validation/review";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { limitsFor } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Add a Review")];

export const headers = routeHeaders;

const ratingOptions = [5, 4, 3, 2, 1].map((rating) => ({
  value: String(rating),
  label: `${rating} star${rating === 1 ? "" : "s"}`,
}));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { displayName: user.display_name };
}

export const action = formAction({
  guard: requireUser,
  schema: ReviewSchema,
  limits: ({ user, context }) => limitsFor("posting", `user:${user.id}`, context.clientAddress),
  async run({ user, value }) {
    await createReview({ userId: user.id, ...value });
    // The redirect gives a fresh, empty form: the form resets with JavaScript on or off.
    return redirectWithFlash("/dashboard/add-review", "Review added successfully");
  },
});

export default function AddReview() {
  // A successful post redirects here with a new location key: remounting gives an empty form.
  return <ReviewForm key={useLocation().key} />;
}

function ReviewForm() {
  const { displayName } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(ReviewSchema, {
    id: "add-review",
    lastResult,
    defaultValue: { name: displayName },
  });
  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-bold">Add a Review</h1>
      <p className="mt-2 text-slate-600">Tell other buyers how our parts worked for you.</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <Field label="Name" meta={fields.name} inputProps={{ autoComplete: "name" }} />
        <SelectField label="Rating" meta={fields.rating} options={ratingOptions} />
        <TextareaField label="Review" meta={fields.review} textareaProps={{ maxLength: REVIEW_MAX_LENGTH }} />
        <FormErrors form={form} />
        <StatusButton pendingText="Adding…">Add review</StatusButton>
      </Form>
    </section>
  );
}
