import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { flashHeaders } from "~/auth/session.server";
import { readForm } from "~/utils/request.server";
import { useZodForm } from "~/components/use-zod-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, StatusButton } from "~/components/forms";
import { getUserByEmail, listAdmins, setUserRole } from "~/models/user.server";
import { AdminRoleSchema } from "~/validation/admin";

export const meta: MetaFunction = () => [{ title: "Make Admin | Gearwright Parts" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { admins: await listAdmins(), currentAdminId: admin.id };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(formData, { schema: AdminRoleSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent, email } = submission.value;
  const target = await getUserByEmail(email);
  if (!target) {
    return data(submission.reply({ fieldErrors: { email: ["No account has this email. The person must sign up first."] } }), { status: 404 });
  }
  if (intent === "demote" && target.id === admin.id) {
    return data(submission.reply({ formErrors: ["You cannot remove your own admin role."] }), { status: 400 });
  }
  const role = intent === "promote" ? "admin" : "user";
  // Changing a role signs the person out everywhere, so a change to the same role must change nothing.
  if (target.role === role) {
    const already = role === "admin" ? `${target.email} is already an admin.` : `${target.email} is not an admin.`;
    return redirect("/dashboard/make-admin", { headers: await flashHeaders(request, { kind: "success", message: already }) });
  }
  await setUserRole(email, role);
  const message = role === "admin" ? `${target.email} is now an admin.` : `${target.email} is no longer an admin.`;
  return redirect("/dashboard/make-admin", { headers: await flashHeaders(request, { kind: "success", message }) });
}

export default function MakeAdmin() {
  const { admins, currentAdminId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(AdminRoleSchema, {
    id: "make-admin",
    lastResult,
  });
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold">Make Admin</h1>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="promote" />
        <Field label="Email of the account to make admin" meta={fields.email} type="email" />
        {form.errors?.length ? <p role="alert" className="text-sm text-red-700">{form.errors.join(" ")}</p> : null}
        <StatusButton intent="promote" pendingText="Saving…">Make admin</StatusButton>
      </Form>
      <h2 className="mt-10 text-xl font-semibold">Admins</h2>
      <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {admins.map((admin) => (
          <li key={admin.id} className="flex items-center justify-between gap-4 px-4 py-2">
            <span>
              <span className="font-medium">{admin.display_name}</span> <span className="text-slate-600">{admin.email}</span>
            </span>
            {admin.id === currentAdminId ? (
              <span className="text-xs text-slate-600">You</span>
            ) : (
              <Form method="post">
                <input type="hidden" name="email" value={admin.email} />
                <StatusButton name="intent" value="demote" variant="secondary" className="px-3 py-1" aria-label={`Remove admin role from ${admin.email}`}>
                  Remove admin
                </StatusButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
