import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { ProductForm } from "~/components/dashboard/product-form";
import { useMoneyFormat } from "~/components/use-money";
import { useZodForm } from "~/components/use-zod-form";
import { storeMoneyFormat } from "~/config/env.server";
import { listCategories } from "~/models/catalog";
import { catalogFieldsFromForm, createItem, itemInputFromForm } from "~/models/item";
import { allSpecTemplates } from "~/models/spec-templates.server";
import { productSchemas } from "~/validation/product";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Add a Product")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [categories, templates] = await Promise.all([listCategories(), allSpecTemplates()]);
  return {
    categories,
    specTemplates: categories.map((category) => ({
      category: category.name,
      templates: templates.get(category.id) ?? [],
    })),
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: () => productSchemas(storeMoneyFormat()).form,
  async run({ user, value }) {
    const created = await createItem(
      { ...itemInputFromForm(value), ...catalogFieldsFromForm(value) },
      { specs: value.specs, priceBreaks: value.priceBreaks, userId: user.id },
    );
    if (!created.ok) return refuse(400, { fieldErrors: { [created.field]: [created.message] } });
    const { item } = created;
    return redirectWithFlash("/dashboard/add-product", {
      kind: "success",
      message: "Item added successfully",
      links: [
        { href: `/items/${item.id}`, label: `View ${item.part_number}` },
        { href: `/dashboard/manage-product/${item.id}`, label: `Edit ${item.part_number}` },
      ],
    });
  },
});

export default function AddProduct() {
  // A successful post redirects here with a new location key: remounting gives an empty form.
  return <AddProductForm key={useLocation().key} />;
}

function AddProductForm() {
  const lastResult = useActionData<typeof action>();
  const { categories, specTemplates } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(productSchemas(useMoneyFormat()).form, {
    id: "add-product",
    lastResult,
    defaultValue: { leadTimeDays: 14 },
  });
  return (
    <section>
      <h1 className="text-2xl font-bold">Add a Product</h1>
      <ProductForm
        form={form}
        fields={fields}
        openingStock={fields.quantity}
        categories={categories}
        specTemplates={specTemplates}
        submitLabel="Add product"
      />
    </section>
  );
}
