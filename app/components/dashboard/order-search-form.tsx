import { Form } from "@remix-run/react";

import { StatusFilterSelect } from "~/components/forms";
import { ORDER_STATUSES } from "~/lib/statuses";

/** The search as the page's address carries it, and what was wrong with it. */
export type OrderSearchValues = {
  q: string;
  status: string;
  from: string;
  to: string;
  errors: Partial<Record<"q" | "from" | "to", string>>;
};

/** The same search, as the query string of the page or of its CSV export. */
export function orderSearchQuery({ q, status, from, to }: OrderSearchValues) {
  const params = new URLSearchParams(Object.entries({ q, status, from, to }).filter(([, value]) => value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

function DateField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  const id = `order-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-md border border-slate-300 px-3 py-2"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Finding orders (Manage Orders): one search box for an order, PO or part number or a customer, the
 * days placed, the status; and the matching orders as a CSV file, all of them, not only this page's.
 */
export function OrderSearchForm({ search }: { search: OrderSearchValues }) {
  return (
    <>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" aria-label="Find orders">
        <div>
          <label htmlFor="order-search" className="block text-sm font-medium">
            Order, PO or part number, or customer
          </label>
          <input
            id="order-search"
            type="search"
            name="q"
            defaultValue={search.q}
            maxLength={100}
            placeholder="1042, PO-7781, BRG-6204 or Acme"
            className="rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <DateField name="from" label="Placed from" value={search.from} error={search.errors.from} />
        <DateField name="to" label="Placed until" value={search.to} error={search.errors.to} />
        <StatusFilterSelect id="status-filter" value={search.status} statuses={ORDER_STATUSES} allLabel="All orders" />
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
          Filter
        </button>
      </Form>
      <p className="mt-3 text-sm">
        <a
          href={`/dashboard/export/orders.csv${orderSearchQuery(search)}`}
          className="font-medium text-orange-800 underline"
          download
        >
          Export these orders (CSV)
        </a>
      </p>
    </>
  );
}
