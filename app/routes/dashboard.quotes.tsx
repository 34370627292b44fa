import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { requireUserWithCompany } from "~/auth/company.server";
import { AppLink } from "~/components/app-link";
import { QuoteTable } from "~/components/quotes/quote-table";
import { listQuotesForUser } from "~/models/quote";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "My Quotes")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  return {
    quotes: await listQuotesForUser(user.id, { companyId: user.companyId }),
    inCompany: user.companyId !== null,
  };
}

export default function MyQuotes() {
  const { quotes, inCompany } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="text-2xl font-bold">My Quotes</h1>
      <p className="mt-2 text-sm text-slate-700">
        Ask for our prices on large quantities with <strong>Request a quote</strong> under your{" "}
        <AppLink to="/cart" className="font-semibold text-orange-800 underline">
          cart
        </AppLink>
        . We email you when a quote is priced; accept it before its date and the order is placed at those prices.
        {inCompany ? " Your colleagues' quotes for your company are listed too." : null}
      </p>
      <QuoteTable quotes={quotes} detailPath="/dashboard/quotes" showAskedBy={inCompany} emptyText="No quotes yet." />
    </section>
  );
}
