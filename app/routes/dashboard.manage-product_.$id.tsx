import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";

import { requireAdmin } from "~/auth/permissions.server";
import { BackordersOwed } from "~/components/dashboard/backorders-owed";
import { DeletePartSection } from "~/components/dashboard/delete-part";
import { ProductForm } from "~/components/dashboard/product-form";
import { DocumentSection, PictureSection } from "~/components/dashboard/product-media";
import { StockSection } from "~/components/dashboard/stock-movements";
import { BackLink } from "~/components/detail-page";
import { StatusButton } from "~/components/forms";
import { useMoneyFormat } from "~/components/use-money";
import { useZodForm } from "~/components/use-zod-form";
import { storeMoneyFormat } from "~/config/env.server";
import { pictureSources } from "~/lib/media";
import { waitingLinesOf } from "~/models/backorders.server";
import { listCategories } from "~/models/catalog";
import { formValuesFromItem, listSpecs } from "~/models/item";
import { documentsOf, picturesOf } from "~/models/media-reads.server";
import { listPriceBreaks } from "~/models/pricing.server";
import { specTemplatesOf } from "~/models/spec-templates.server";
import { listStockMovements } from "~/models/stock.server";
import { backorderDueWording } from "~/replies/dispatch.server";
import {
  adjustStockReply,
  duplicateProductReply,
  NO_SUCH_PRODUCT,
  saveProductReply,
} from "~/replies/product-edit.server";
import { isMediaIntent, runMediaIntent } from "~/replies/product-media.server";
import { mediaFormSchemas } from "~/validation/media";
import { DuplicateProductSchema, productSchemas, StockAdjustmentSchema } from "~/validation/product";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { requireItemFromParams } from "~/web/params.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  pageTitle(matches, data ? `Edit ${data.item.name}` : "Edit product"),
];

export const headers = routeHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const item = await requireItemFromParams(params.id, NO_SUCH_PRODUCT, { includeHidden: true });
  const [specs, priceBreaks, movements, categories, templates, pictures, documents, waiting] = await Promise.all([
    listSpecs(item.id),
    listPriceBreaks(item.id),
    listStockMovements(item.id),
    listCategories(),
    specTemplatesOf(item.category_id),
    picturesOf([item.id]).then((found) => (found.get(item.id) ?? []).map((picture) => pictureSources(picture, 320))),
    documentsOf([item.id]).then((found) => found.get(item.id) ?? []),
    waitingLinesOf(item.id),
  ]);
  const category = categories.find((candidate) => candidate.id === item.category_id);
  return {
    item,
    values: formValuesFromItem(item, specs, priceBreaks),
    movements,
    categories,
    specTemplates: category ? [{ category: category.name, templates }] : [],
    pictures,
    documents,
    owed: waiting.map((line) => ({ ...line, due: backorderDueWording(line.backorder_due) })),
  };
}

export const action = formAction({
  guard: requireAdmin,
  load: ({ params }) => requireItemFromParams(params.id, NO_SUCH_PRODUCT, { includeHidden: true }),
  schema: () =>
    z.discriminatedUnion("intent", [
      productSchemas(storeMoneyFormat()).edit,
      StockAdjustmentSchema,
      DuplicateProductSchema,
      ...mediaFormSchemas,
    ]),
  async run({ user, loaded: item, value }) {
    if (isMediaIntent(value)) return runMediaIntent(item.id, value, NO_SUCH_PRODUCT);
    if (value.intent === "duplicate") return duplicateProductReply(item.id);
    if (value.intent === "adjust-stock") return adjustStockReply(item.id, value, user.id);
    return saveProductReply(item.id, value, user.id);
  },
});

export default function EditProduct() {
  const { item, values, movements, categories, specTemplates, pictures, documents, owed } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const location = useLocation();
  const editReply = reply?.initialValue?.intent === "update" ? reply : undefined;
  const [form, fields] = useZodForm(productSchemas(useMoneyFormat()).edit, {
    id: `edit-product-${item.id}`,
    lastResult: editReply,
    defaultValue: values,
  });
  // After a refused stale edit, the next save is made from the version the message described.
  const version =
    (editReply && "currentVersion" in editReply ? Number(editReply.currentVersion) : null) ?? item.version;
  return (
    <section>
      <BackLink to="/dashboard/manage-product">All products</BackLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          Edit {item.name}
          {item.hidden ? (
            <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold">Hidden</span>
          ) : null}
        </h1>
        <Form method="post">
          <StatusButton name="intent" value="duplicate" variant="secondary">
            Duplicate as a hidden draft
          </StatusButton>
        </Form>
      </div>
      <ProductForm
        form={form}
        fields={fields}
        submitLabel="Save changes"
        intent="update"
        categories={categories}
        specTemplates={specTemplates}
        hidden={
          <>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="version" value={version} />
          </>
        }
      />
      {/* A new location after each answer: a saved change leaves these forms empty again. */}
      <PictureSection key={`pictures-${location.key}`} itemId={item.id} pictures={pictures} reply={reply} />
      <DocumentSection key={`documents-${location.key}`} itemId={item.id} documents={documents} reply={reply} />
      <StockSection
        key={location.key}
        itemId={item.id}
        quantity={item.quantity}
        movements={movements}
        lastResult={reply?.initialValue?.intent === "adjust-stock" ? reply : undefined}
      />
      <BackordersOwed lines={owed} />
      <DeletePartSection item={item} />
    </section>
  );
}
