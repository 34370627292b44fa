import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import { NewPriceListForm } from "~/components/price-lists/price-list-forms";
import { validityText } from "~/components/price-lists/price-list-tables";
import { type Column, DataTable } from "~/components/ui/data-table";
import { createPriceList, listPriceLists } from "~/models/price-lists";
import { CreatePriceListSchema } from "~/validation/price-lists";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Price Lists")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { lists: await listPriceLists() };
}

export const action = formAction({
  guard: requireAdmin,
  schema: CreatePriceListSchema,
  async run({ value }) {
    const id = await createPriceList(value);
    return redirectWithFlash(`/dashboard/price-lists/${id}`, `Price list “${value.name}” created: add its rules.`);
  },
});

type ListRow = Awaited<ReturnType<typeof loader>>["lists"][number];

export default function PriceLists() {
  const { lists } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const columns: Column<ListRow>[] = [
    {
      header: "Price list",
      cell: (list) => (
        <AppLink to={`/dashboard/price-lists/${list.id}`} className="font-semibold text-orange-800 underline">
          {list.name}
        </AppLink>
      ),
    },
    { header: "Valid", cell: validityText },
    { header: "Rules", cell: (list) => list.rule_count, align: "right" },
    { header: "Assigned to", cell: (list) => list.assignment_count, align: "right" },
  ];
  return (
    <section>
      <h1 className="text-2xl font-bold">Price Lists</h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        A company&apos;s or a customer&apos;s agreed prices: a net price for a part, or a percentage off a category or
        every part. Their buyers see and pay them on every page, bill and document.
      </p>
      {lists.length ? (
        <DataTable rows={lists} columns={columns} rowKey={(list) => list.id} />
      ) : (
        <p className="mt-6 text-slate-600">No price lists yet: every buyer pays list price.</p>
      )}
      <h2 className="mt-10 text-xl font-semibold">New price list</h2>
      <NewPriceListForm reply={reply} />
    </section>
  );
}
