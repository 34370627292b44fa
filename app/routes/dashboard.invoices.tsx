import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { requireUserWithCompany } from "~/auth/company.server";
import { AppLink } from "~/components/app-link";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatDate } from "~/components/use-format-date";
import { useFormatPrice } from "~/components/use-money";
import { withEInvoiceProblems } from "~/documents/e-invoice-parties.server";
import { invoiceFileHref, invoiceTitle } from "~/lib/invoices";
import { listInvoices } from "~/models/invoice";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Invoices")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const search = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const isAdmin = user.role === "admin";
  // Staff see which e-invoices would not pass the rules, and why.
  const invoices = withEInvoiceProblems(await listInvoices(user, { search }), { checked: isAdmin });
  return { invoices, search, isAdmin };
}

export default function Invoices() {
  const { invoices, search, isAdmin } = useLoaderData<typeof loader>();
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  const orderPath = isAdmin ? "/dashboard/manage-order" : "/dashboard/my-order";
  const columns: Column<(typeof invoices)[number]>[] = [
    {
      header: "Document",
      cell: (invoice) => (
        // A file, not a page: the browser opens (or saves) the PDF itself.
        <a href={invoiceFileHref(invoice.number, "pdf")} className="font-semibold text-orange-800 underline">
          {invoice.number}
          <span className="sr-only"> ({invoiceTitle(invoice.kind)}, PDF)</span>
        </a>
      ),
    },
    {
      header: "E-invoice",
      cell: (invoice) => (
        <>
          <a href={invoiceFileHref(invoice.number, "xml")} className="text-orange-800 underline">
            XML<span className="sr-only"> e-invoice of {invoice.number}</span>
          </a>
          {invoice.eInvoiceProblems.length ? (
            <p className="text-sm font-semibold text-red-800" data-testid="e-invoice-attention">
              Needs attention: {invoice.eInvoiceProblems.join("; ")}
            </p>
          ) : null}
        </>
      ),
    },
    { header: "Kind", cell: (invoice) => invoiceTitle(invoice.kind) },
    { header: "Date", cell: (invoice) => formatDate(invoice.issued_at) },
    {
      header: "Order",
      cell: (invoice) => (
        <AppLink to={`${orderPath}/${invoice.order_id}`} className="text-orange-800 underline">
          #{invoice.order_id}
        </AppLink>
      ),
    },
    ...(isAdmin ? [{ header: "Customer", cell: (invoice: (typeof invoices)[number]) => invoice.customer_name }] : []),
    { header: "PO number", cell: (invoice) => invoice.po_number ?? "—", className: "break-all" },
    {
      header: "Total",
      cell: (invoice) => formatPrice(invoice.kind === "credit note" ? -invoice.total_cents : invoice.total_cents),
      align: "right",
    },
  ];
  return (
    <section>
      <h1 className="text-2xl font-bold">Invoices</h1>
      <p className="mt-2 text-sm text-slate-700">
        {isAdmin
          ? "Every VAT invoice and credit note the shop has issued, newest first."
          : "A VAT invoice is issued for each shipment when it leaves us; each is a PDF to download."}
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="invoice-search" className="block text-sm font-medium">
            Invoice, order or PO number
          </label>
          <input
            id="invoice-search"
            type="search"
            name="q"
            defaultValue={search}
            maxLength={100}
            placeholder="INV-2026-000123, #42 or your PO"
            className="rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
          Search
        </button>
      </Form>
      <p className="mt-3 text-sm">
        <a
          href={`/dashboard/export/invoices.csv${search ? `?${new URLSearchParams({ q: search })}` : ""}`}
          className="font-medium text-orange-800 underline"
          download
        >
          Export for accounts (CSV, one row per line with net, VAT and gross)
        </a>
      </p>
      {invoices.length === 0 ? (
        <p className="mt-6 text-slate-600">{search ? "No invoices match." : "No invoices yet."}</p>
      ) : (
        <DataTable
          rows={invoices}
          columns={columns}
          rowKey={(invoice) => invoice.id}
          rowTestId={(invoice) => `invoice-${invoice.number}`}
        />
      )}
    </section>
  );
}
