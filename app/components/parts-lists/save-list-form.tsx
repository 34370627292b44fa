import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, FormErrors, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { MAX_LIST_NAME, SaveListSchema } from "~/validation/parts-lists";

/** The reply the cart's action gave this form, told apart from its other forms' by the intent posted. */
export function saveListReplyOf<Reply extends SubmissionResult<string[]>>(reply: Reply | undefined) {
  return reply?.initialValue?.intent === "save-list" ? reply : undefined;
}

/** "Save as a parts list" under the cart: its lines become a named list; the cart stays as it is. */
export function SaveListForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm(SaveListSchema, { id: "save-list", lastResult });
  return (
    <section
      aria-labelledby="save-list-heading"
      className="mt-10 max-w-xl rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="save-list-heading" className="text-lg font-semibold">
        Save as a parts list
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Keep these parts and quantities under a name, to put them back into your cart in one press from Parts lists.
      </p>
      <Form method="post" action="/cart" {...getFormProps(form)} noValidate className="mt-4 space-y-3">
        <Field
          label="List name"
          meta={fields.name}
          inputProps={{ maxLength: MAX_LIST_NAME, placeholder: "Line 3 maintenance kit" }}
        />
        <FormErrors form={form} />
        <StatusButton name="intent" value="save-list" variant="secondary" pendingText="Saving…">
          Save as a parts list
        </StatusButton>
      </Form>
    </section>
  );
}
