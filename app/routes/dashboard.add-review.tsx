import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { flashHeaders } from "~/auth/session.server";
import { readForm } from "~/utils/request.server";
import { attemptWrite, writeFailed } from "~/utils/write.server";
import { useZodForm } from "~/components/use-zod-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormErrors, SelectField, StatusButton, TextareaField } from "~/components/forms";
import { createReview } from "~/models/review.server";
import { REVIEW_MAX_LENGTH, ReviewSchema } from "~/validation/review";

export const meta: MetaFunction = () => [{ title: "Add a Review | Gearwright Parts" }];

const ratingOptions = [5, 4, 3, 2, 1].map((rating) => ({
  value: String(rating),
  label: `${rating} star${rating === 1 ? "" : "s"}`,
}));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { displayName: user.display_name };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const user = await requireUser(request);
  const submission = parseWithZod(formData, { schema: ReviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await attemptWrite(() => createReview({ userId: user.id, ...submission.value }));
  if (!saved.ok) return writeFailed(submission);
  // The redirect gives a fresh, empty form: the form resets with JavaScript on or off.
  return redirect("/dashboard/add-review", {
    headers: await flashHeaders(request, { kind: "success", message: "Review added successfully" }),
  });
}

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
        <FormErrors id={form.errorId} errors={form.errors} />
        <StatusButton pendingText="Adding…">Add review</StatusButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
