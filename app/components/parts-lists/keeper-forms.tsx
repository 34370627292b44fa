import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { MAX_LIST_NAME, RenameListSchema } from "~/validation/parts-lists";

/**
 * What only a list's keeper does below it: share it with their company (or keep it to themselves
 * again) and rename it. A list saved before they joined the company stays theirs until they share it.
 */
export function ListKeeperForms({
  list,
  inCompany,
  lastResult,
}: {
  list: { name: string; shared: boolean };
  inCompany: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useZodForm(RenameListSchema, {
    id: "rename-list",
    lastResult,
    defaultValue: { name: list.name },
  });
  return (
    <>
      {inCompany ? (
        <Form method="post" className="mt-8 max-w-md space-y-2">
          <p className="text-sm text-slate-700" data-testid="list-sharing">
            {list.shared
              ? "Your company reads this list: every member may put it in their cart."
              : "Only you read this list."}
          </p>
          <StatusButton name="intent" value={list.shared ? "unshare" : "share"} variant="secondary">
            {list.shared ? "Keep it to myself" : "Share with my company"}
          </StatusButton>
        </Form>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-8 max-w-md space-y-3">
        <Field label="Rename the list" meta={fields.name} inputProps={{ maxLength: MAX_LIST_NAME }} />
        <StatusButton name="intent" value="rename" variant="secondary">
          Rename
        </StatusButton>
      </Form>
    </>
  );
}
