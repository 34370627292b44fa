import { getFormProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { Field, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { getUserByEmail, listAdmins, setUserRole } from "~/models/user.server";
import { AdminRoleSchema } from "~/validation/admin";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Make Admin")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { admins: await listAdmins(), currentAdminId: admin.id };
}

export const action = formAction({
  guard: requireAdmin,
  schema: AdminRoleSchema,
  limits: ({ user }) => [["adminChange", `user:${user.id}`]] as const,
  async run({ user: admin, value: { intent, email } }) {
    const target = await getUserByEmail(email);
    if (!target)
      return refuse(404, { fieldErrors: { email: ["No account has this email. The person must sign up first."] } });
    if (intent === "demote" && target.id === admin.id) return refuse(400, "You cannot remove your own admin role.");
    const role = intent === "promote" ? "admin" : "user";
    // Changing a role signs the person out everywhere, so a change to the same role must change nothing.
    if (target.role === role) {
      return redirectWithFlash(
        "/dashboard/make-admin",
        role === "admin" ? `${target.email} is already an admin.` : `${target.email} is not an admin.`,
      );
    }
    await setUserRole(email, role);
    return redirectWithFlash(
      "/dashboard/make-admin",
      role === "admin" ? `${target.email} is now an admin.` : `${target.email} is no longer an admin.`,
    );
  },
});

export default function MakeAdmin() {
  const { admins, currentAdminId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(AdminRoleSchema, { id: "make-admin", lastResult });
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold">Make Admin</h1>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="promote" />
        <Field label="Email of the account to make admin" meta={fields.email} type="email" />
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <StatusButton intent="promote" pendingText="Saving…">
          Make admin
        </StatusButton>
      </Form>
      <h2 className="mt-10 text-xl font-semibold">Admins</h2>
      <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {admins.map((admin) => (
          <li key={admin.id} className="flex items-center justify-between gap-4 px-4 py-2">
            <span>
              <span className="font-medium">{admin.display_name}</span>{" "}
              <span className="text-slate-600">{admin.email}</span>
            </span>
            {admin.id === currentAdminId ? (
              <span className="text-xs text-slate-600">You</span>
            ) : (
              <Form method="post">
                <input type="hidden" name="email" value={admin.email} />
                <StatusButton
                  name="intent"
                  value="demote"
                  variant="secondary"
                  className="px-3 py-1"
                  aria-label={`Remove admin role from ${admin.email}`}
                >
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
