import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { QuoteTable } from "~/components/quotes/quote-table";
import { listQuotesForUser } from "~/models/quote.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "My Quotes")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { quotes: await listQuotesForUser(user.id) };
}

export default function MyQuotes() {
  const { quotes } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="text-2xl font-bold">My Quotes</h1>
      <p className="mt-2 text-sm text-slate-700">
        Ask for our prices on large quantities with <strong>Request a quote</strong> under your{" "}
        <Link to="/cart" className="font-semibold text-orange-800 underline">
          cart
        </Link>
        . We email you when a quote is priced; accept it before its date and the order is placed at those prices.
      </p>
      <QuoteTable quotes={quotes} detailPath="/dashboard/quotes" emptyText="No quotes yet." />
    </section>
  );
}
