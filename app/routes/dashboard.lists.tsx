import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireUserWithCompany } from "~/auth/company.server";
import { AppLink } from "~/components/app-link";
import { ReplyErrors } from "~/components/forms";
import { RowActionForm } from "~/components/row-action-form";
import { DataTable } from "~/components/ui/data-table";
import { listsOf, type ListSummary } from "~/models/parts-lists";
import { addListToCartReply } from "~/replies/parts-list.server";
import { ListsActionSchema, MAX_PARTS_LISTS } from "~/validation/parts-lists";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Parts lists")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  return { ...(await listsOf({ userId: user.id, companyId: user.companyId })), inCompany: user.companyId !== null };
}

export const action = formAction({
  guard: requireUserWithCompany,
  schema: ListsActionSchema,
  run: ({ user, value }) => addListToCartReply({ userId: user.id, companyId: user.companyId }, value.listId),
});

export default function PartsLists() {
  const { mine, shared, inCompany } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">Parts lists</h1>
      <p className="mt-2 text-sm text-slate-700">
        Save your{" "}
        <AppLink to="/cart" className="font-semibold text-orange-800 underline">
          cart
        </AppLink>{" "}
        as a named list (a maintenance kit, a machine&apos;s spares) and put it back into the cart in one press. You may
        keep up to {MAX_PARTS_LISTS} lists.
      </p>
      <ReplyErrors reply={reply} />
      {inCompany ? <h2 className="mt-6 text-xl font-semibold">Your lists</h2> : null}
      {mine.length === 0 ? (
        <p className="mt-6 text-slate-700">No parts lists yet: fill your cart, then “Save as a parts list” under it.</p>
      ) : (
        <ListsTable lists={mine} />
      )}
      {inCompany ? (
        <>
          <h2 className="mt-10 text-xl font-semibold">Your colleagues&rsquo; lists</h2>
          <p className="mt-1 text-sm text-slate-700">
            Lists kept by the other members of your company: put one into your cart, or open it to see its parts.
          </p>
          {shared.length === 0 ? (
            <p className="mt-4 text-slate-700">Your colleagues have no parts lists yet.</p>
          ) : (
            <ListsTable lists={shared} showKeeper />
          )}
        </>
      ) : null}
    </section>
  );
}

function ListsTable({ lists, showKeeper = false }: { lists: ListSummary[]; showKeeper?: boolean }) {
  return (
    <DataTable
      rows={lists}
      rowKey={(list) => String(list.id)}
      rowTestId={(list) => `list-${list.id}`}
      columns={[
        {
          header: "List",
          cell: (list) => (
            <AppLink to={`/dashboard/lists/${list.id}`} className="font-medium text-blue-800 underline">
              {list.name}
            </AppLink>
          ),
        },
        ...(showKeeper ? [{ header: "Kept by", cell: (list: ListSummary) => list.keptBy }] : []),
        { header: "Parts", cell: (list) => list.lineCount, align: "right" },
        {
          header: "Actions",
          hideHeader: true,
          cell: (list) => (
            <RowActionForm
              idField="listId"
              id={list.id}
              intent="add-to-cart"
              aria-label={`Add to cart: ${list.name}`}
              disabled={list.lineCount === 0}
            >
              Add to cart
            </RowActionForm>
          ),
        },
      ]}
    />
  );
}
