import { getFormProps } from "@conform-to/react";
import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { getUserByEmail } from "~/models/user.server";
import { CustomerDataSchema } from "~/validation/admin";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

// Staff answer a customer who asks by mail for their data (UK GDPR article 15; issue 53): the file
// "Download my data" gives them, from the customer's email.

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Customer Data")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export const action = formAction({
  guard: requireAdmin,
  schema: CustomerDataSchema,
  async run({ value }) {
    const customer = await getUserByEmail(value.email);
    if (!customer) return refuse(404, { fieldErrors: { email: ["No account has this email."] } });
    // The file is the download address's own answer, as for My Profile's button (decision 52).
    return redirect(`/dashboard/customer-data/${customer.id}/data.json`, 303);
  },
});

export default function CustomerData() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(CustomerDataSchema, { id: "customer-data", lastResult });
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold">Customer Data</h1>
      <p className="mt-2 text-slate-700">
        A customer who asks by mail for a copy of their data gets the file “Download my data” gives them on My Profile:
        send it to the address on their account, not to another. Customers delete their own account on My Profile.
      </p>
      <Form method="post" reloadDocument {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <Field label="Customer's email" meta={fields.email} type="email" />
        <FormErrors form={form} />
        <StatusButton name="intent" value="export-data">
          Download their data
        </StatusButton>
      </Form>
    </section>
  );
}
