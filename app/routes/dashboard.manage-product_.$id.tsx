import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { flashHeaders } from "~/auth/session.server";
import { ProductForm } from "~/components/dashboard/product-form";
import { requireItemFromParams } from "~/utils/items.server";
import { readForm } from "~/utils/request.server";
import { attemptWrite, writeFailed } from "~/utils/write.server";
import { useZodForm } from "~/components/use-zod-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formValuesFromItem, itemInputFromForm, updateItem } from "~/models/item.server";
import { ProductSchema } from "~/validation/product";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.item.name} | Gearwright Parts` : "Edit product | Gearwright Parts" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const item = await requireItemFromParams(params.id, "This product does not exist.");
  return { item, values: formValuesFromItem(item) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireAdmin(request);
  const item = await requireItemFromParams(params.id, "This product does not exist.");
  const submission = parseWithZod(formData, { schema: ProductSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await attemptWrite(() => updateItem(item.id, itemInputFromForm(submission.value)));
  if (!saved.ok) return writeFailed(submission);
  const updated = saved.value;
  if (!updated) throw data("This product does not exist.", { status: 404 });
  return redirect("/dashboard/manage-product", {
    headers: await flashHeaders(request, { kind: "success", message: `${updated.name} saved` }),
  });
}

export default function EditProduct() {
  const { item, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(ProductSchema, {
    id: `edit-product-${item.id}`,
    lastResult,
    defaultValue: values,
  });
  return (
    <section>
      <p>
        <Link to="/dashboard/manage-product" className="text-sm font-semibold text-orange-800 underline">← All products</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Edit {item.name}</h1>
      <ProductForm form={form} fields={fields} submitLabel="Save changes" />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
