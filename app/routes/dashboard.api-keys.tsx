import { getFormProps } from "@conform-to/react";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { ApiKeyTable } from "~/components/dashboard/api-key-table";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { listApiKeys, revokeApiKey } from "~/models/api-key.server";
import { createApiKeyAndTell } from "~/services/account-security.server";
import { ApiKeyActionSchema, CreateApiKeySchema } from "~/validation/api-key";
import { redirectWithFlash } from "~/web/flash.server";
import { accept, formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "API Keys")];

export const headers = routeHeaders;

// Customers keep their own keys, which act with their rights only; staff see and revoke every key.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const staff = user.role === "admin";
  const keys = await listApiKeys({ ownerId: staff ? undefined : user.id });
  return data({ keys, staff }, { headers: { "Cache-Control": "no-store" } });
}

export const action = formAction({
  guard: requireUser,
  schema: ApiKeyActionSchema,
  limits: ({ user, value }) => (value.intent === "create" ? [["adminChange", `user:${user.id}`] as const] : []),
  async run({ user, value }) {
    if (value.intent === "revoke") {
      const name = await revokeApiKey(value.keyId, { ownerId: user.role === "admin" ? undefined : user.id });
      if (name === undefined) return refuse(404, "That key does not exist or is already revoked.");
      return redirectWithFlash("/dashboard/api-keys", `API key “${name}” revoked.`);
    }
    const { name, prefix, key } = await createApiKeyAndTell(user, value.name);
    // The key is in this answer and nowhere else: no redirect (so it shows with JavaScript off too),
    // and no cache may keep it.
    return accept({ created: { name, prefix, key } }, { "Cache-Control": "no-store" });
  },
});

export default function ApiKeys() {
  const { keys, staff } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [form, fields] = useZodForm(CreateApiKeySchema, {
    id: "create-api-key",
    lastResult: reply?.initialValue?.intent === "revoke" ? undefined : reply,
  });
  const revokeErrors = reply?.initialValue?.intent === "revoke" ? (reply.error?.[""] ?? null) : null;
  return (
    <section className="max-w-3xl">
      <h1 className="text-2xl font-bold">API Keys</h1>
      <p className="mt-2 text-slate-600">
        Programs call the JSON API under <code>/api</code> with a key in the header{" "}
        <code>Authorization: Bearer &lt;key&gt;</code>. A key acts as the account that made it, with that account&apos;s
        current rights:{" "}
        {staff
          ? "yours are an administrator's"
          : "yours read and place your own orders, quotes and cart, never the shop's catalog or anyone else's"}
        . The calls are described at{" "}
        <a href="/api/openapi.json" className="text-orange-800 underline">
          /api/openapi.json
        </a>
        .
      </p>
      {reply?.created ? <NewKey name={reply.created.name} secret={reply.created.key} /> : null}
      <FormErrors errors={revokeErrors} />
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <Field label="Key name" meta={fields.name} hint="What will use it, such as “warehouse sync”." />
        </div>
        <StatusButton name="intent" value="create" pendingText="Creating…" className="mb-6">
          Create key
        </StatusButton>
      </Form>
      <FormErrors form={form} />
      <h2 className="mt-10 text-xl font-semibold">Keys</h2>
      <ApiKeyTable keys={keys} />
    </section>
  );
}

function NewKey({ name, secret }: { name: string; secret: string }) {
  return (
    <div role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
      <p className="font-semibold">API key “{name}” created. Copy it now: it is shown only this once.</p>
      <code className="mt-2 block select-all break-all rounded bg-white p-2 font-mono text-slate-900">{secret}</code>
    </div>
  );
}
