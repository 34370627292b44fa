import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { StatusFilterSelect } from "~/components/forms";
import { QuoteTable } from "~/components/quotes/quote-table";
import { QUOTE_STATUSES } from "~/lib/quotes";
import { listAllQuotes } from "~/models/quote";
import { QuoteStatusFilterSchema } from "~/validation/quote";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Manage Quotes")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const status = QuoteStatusFilterSchema.parse(params.get("status") || undefined);
  const search = (params.get("q") ?? "").trim().slice(0, 100);
  return { quotes: await listAllQuotes({ status, search }), status: status ?? "", search };
}

export default function ManageQuotes() {
  const { quotes, status, search } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="text-2xl font-bold">Manage Quotes</h1>
      <p className="mt-2 text-sm text-slate-700">
        Requests wait as <strong>Requested</strong> until they are priced and sent; a sent quote is expired the day
        after its valid-until date.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="quote-search" className="block text-sm font-medium">
            Quote number or customer
          </label>
          <input
            id="quote-search"
            type="search"
            name="q"
            defaultValue={search}
            maxLength={100}
            placeholder="Q-2026-00042 or name@example.com"
            className="rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <StatusFilterSelect id="status-filter" value={status} statuses={QUOTE_STATUSES} allLabel="All quotes" />
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
          Filter
        </button>
      </Form>
      <QuoteTable
        quotes={quotes}
        showCustomer
        detailPath="/dashboard/manage-quotes"
        emptyText={search || status ? "No quotes match." : "No quotes yet."}
      />
    </section>
  );
}
