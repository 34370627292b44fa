import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { ProductForm } from "~/components/dashboard/product-form";
import { useZodForm } from "~/components/use-zod-form";
import { createItem, itemInputFromForm } from "~/models/item.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { formAction } from "~/utils/form-action.server";
import { routeHeaders } from "~/utils/headers";
import { pageTitle } from "~/utils/meta";
import { ProductSchema } from "~/validation/product";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Add a Product")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export const action = formAction({
  guard: requireAdmin,
  schema: ProductSchema,
  async run({ value }) {
    await createItem(itemInputFromForm(value));
    return redirectWithFlash("/dashboard/add-product", "Item added successfully");
  },
});

export default function AddProduct() {
  // A successful post redirects here with a new location key: remounting gives an empty form.
  return <AddProductForm key={useLocation().key} />;
}

function AddProductForm() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(ProductSchema, { id: "add-product", lastResult });
  return (
    <section>
      <h1 className="text-2xl font-bold">Add a Product</h1>
      <ProductForm form={form} fields={fields} submitLabel="Add product" />
    </section>
  );
}
