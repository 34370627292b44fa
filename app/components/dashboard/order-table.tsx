import type { ReactNode } from "react";

import { AppLink } from "~/components/app-link";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatDate } from "~/components/use-format-date";
import { useFormatPrice } from "~/components/use-money";
import type { OrderStatus } from "~/lib/statuses";

export type OrderRow = {
  id: number;
  first_item_name: string | null;
  line_count: number | null;
  total_cents: number;
  status: OrderStatus;
  created_at: string;
  po_number: string | null;
  customer_email?: string;
  address?: string;
  phone?: string;
};

/** "Spur gear M1 20T" or "Spur gear M1 20T and 4 more parts". */
export function orderSummary(order: Pick<OrderRow, "first_item_name" | "line_count">) {
  const more = Number(order.line_count ?? 1) - 1;
  const first = order.first_item_name ?? "";
  return more > 0 ? `${first} and ${more} more ${more === 1 ? "part" : "parts"}` : first;
}

const statusStyles: Record<OrderStatus, string> = {
  "awaiting approval": "bg-violet-100 text-violet-900",
  pending: "bg-amber-100 text-amber-900",
  "partly shipped": "bg-sky-50 text-sky-900",
  shipped: "bg-sky-100 text-sky-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${statusStyles[status]}`}>
      {status}
    </span>
  );
}

/** The orders table both the customer's and the admin's pages show; each passes its own actions. */
export function OrderTable<Row extends OrderRow>({
  orders,
  showCustomer = false,
  detailPath,
  actions,
  emptyText,
}: {
  orders: Row[];
  /** Admins see who ordered, and where and how to reach them. */
  showCustomer?: boolean;
  /** The order page an order number links to: /dashboard/my-order or /dashboard/manage-order. */
  detailPath: string;
  actions: (order: Row) => ReactNode;
  emptyText: string;
}) {
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  if (orders.length === 0) return <p className="mt-6 text-slate-600">{emptyText}</p>;
  const columns: Column<Row>[] = [
    {
      header: "Order",
      cell: (order) => (
        <AppLink to={`${detailPath}/${order.id}`} className="font-semibold text-orange-800 underline">
          #{order.id}
        </AppLink>
      ),
    },
    ...(showCustomer
      ? [
          { header: "Customer", cell: (order: Row) => order.customer_email, className: "break-all" },
          {
            header: "Ship to",
            cell: (order: Row) => (
              <span>
                {order.address}
                <span className="block text-slate-600">{order.phone}</span>
              </span>
            ),
          },
        ]
      : []),
    {
      header: "Parts",
      cell: (order) => (
        <span>
          {orderSummary(order)}
          {order.po_number ? <span className="block text-xs text-slate-600">PO {order.po_number}</span> : null}
        </span>
      ),
    },
    { header: "Total", cell: (order) => formatPrice(order.total_cents), align: "right" },
    { header: "Status", cell: (order) => <StatusBadge status={order.status} /> },
    { header: "Date", cell: (order) => formatDate(order.created_at) },
    { header: "Actions", cell: actions, hideHeader: true },
  ];
  return (
    <DataTable
      rows={orders}
      columns={columns}
      rowKey={(order) => order.id}
      rowTestId={(order) => `order-${order.id}`}
    />
  );
}
