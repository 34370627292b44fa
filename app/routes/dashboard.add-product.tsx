import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { flashHeaders } from "~/auth/session.server";
import { ProductForm } from "~/components/dashboard/product-form";
import { readForm } from "~/utils/request.server";
import { attemptWrite, writeFailed } from "~/utils/write.server";
import { useZodForm } from "~/components/use-zod-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createItem, itemInputFromForm } from "~/models/item.server";
import { ProductSchema } from "~/validation/product";

export const meta: MetaFunction = () => [{ title: "Add a Product | Gearwright Parts" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireAdmin(request);
  const submission = parseWithZod(formData, { schema: ProductSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await attemptWrite(() => createItem(itemInputFromForm(submission.value)));
  if (!saved.ok) return writeFailed(submission);
  return redirect("/dashboard/add-product", {
    headers: await flashHeaders(request, { kind: "success", message: "Item added successfully" }),
  });
}

export default function AddProduct() {
  // A successful post redirects here with a new location key: remounting gives an empty form.
  return <AddProductForm key={useLocation().key} />;
}

function AddProductForm() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(ProductSchema, {
    id: "add-product",
    lastResult,
  });
  return (
    <section>
      <h1 className="text-2xl font-bold">Add a Product</h1>
      <ProductForm form={form} fields={fields} submitLabel="Add product" />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
