import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { requireUser } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import { OrdersChart } from "~/components/dashboard/orders-chart";
import { useFormatDate } from "~/components/use-format-date";
import { useFormatPrice } from "~/components/use-money";
import { failedMessages } from "~/mail/outbox.server";
import { listAwaitingShipment, ordersByDay } from "~/models/order";
import { lowStockParts } from "~/models/product-list.server";
import { productListHref } from "~/validation/product-list";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Admin Home")];

export const headers = routeHeaders;

/** How many of each list the home shows; each links to the whole list. */
const SHOWN = 8;
const CHART_DAYS = 30;

// The dashboard opens on what needs doing for admins, and on My Orders for customers.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.role !== "admin") throw redirect("/dashboard/my-order");
  const [awaiting, lowStock, failedMail, days] = await Promise.all([
    listAwaitingShipment(SHOWN),
    lowStockParts(SHOWN),
    failedMessages(SHOWN),
    ordersByDay(CHART_DAYS),
  ]);
  return { awaiting, lowStock, failedMail, days };
}

export default function AdminHome() {
  const { awaiting, lowStock, failedMail, days } = useLoaderData<typeof loader>();
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  return (
    <section>
      <h1 className="text-2xl font-bold">Admin Home</h1>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <Panel
          id="awaiting-shipment"
          title="Awaiting shipment"
          count={awaiting.count}
          more={{ to: "/dashboard/manage-order?status=pending", label: "All orders awaiting shipment" }}
          empty="Nothing to ship: every order has gone out."
        >
          {awaiting.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap justify-between gap-x-3 py-2">
              <AppLink to={`/dashboard/manage-order/${order.id}`} className="font-semibold text-orange-800 underline">
                Order #{order.id}
              </AppLink>
              <span className="text-slate-700">
                {formatDate(order.created_at)} · {order.customer_email} · {formatPrice(order.total_cents)}
              </span>
            </li>
          ))}
        </Panel>
        <Panel
          id="low-stock"
          title="Low stock"
          count={lowStock.count}
          more={{ to: productListHref({ lowStock: true, sort: "stock" }), label: "All parts low on stock" }}
          empty="No part is at or below its reorder point."
        >
          {lowStock.parts.map((part) => (
            <li key={part.id} className="flex flex-wrap justify-between gap-x-3 py-2">
              <AppLink to={`/dashboard/manage-product/${part.id}`} className="font-semibold text-orange-800 underline">
                {part.part_number}
              </AppLink>
              <span className="text-slate-700">
                {part.name} · {part.quantity} in stock (reorder at {part.reorder_point})
              </span>
            </li>
          ))}
        </Panel>
        <Panel
          id="failed-mail"
          title="Failed mail"
          count={failedMail.count}
          more={{ to: "/dashboard/outbox?status=failed", label: "Retry failed mail in the outbox" }}
          empty="No mail has failed."
        >
          {failedMail.messages.map((message) => (
            <li key={message.id} className="py-2">
              <span className="font-semibold">{message.subject}</span>
              <span className="block text-slate-700">
                to {message.recipient}, {formatDate(message.created_at)}
                {message.last_error ? `: ${message.last_error}` : ""}
              </span>
            </li>
          ))}
        </Panel>
        <section aria-labelledby="last-days" className="rounded-lg border border-slate-200 p-4">
          <h2 id="last-days" className="text-lg font-semibold">
            Orders, last {CHART_DAYS} days
          </h2>
          <OrdersChart days={days} />
        </section>
      </div>
    </section>
  );
}

function Panel({
  id,
  title,
  count,
  more,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  more: { to: string; label: string };
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title} <span className="text-slate-600">({count})</span>
      </h2>
      {count ? (
        <>
          <ul className="mt-2 divide-y divide-slate-200 text-sm">{children}</ul>
          <p className="mt-3 text-sm">
            <AppLink to={more.to} className="font-semibold text-orange-800 underline">
              {more.label}
            </AppLink>
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{empty}</p>
      )}
    </section>
  );
}
