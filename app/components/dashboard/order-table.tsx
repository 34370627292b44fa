import type { ReactNode } from "react";

import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import type { OrderStatus } from "~/db/schema";
import { formatDate } from "~/utils/dates";

export type OrderRow = {
  id: number;
  item_name: string;
  quantity: number;
  total_cents: number;
  status: OrderStatus;
  created_at: string;
  customer_email?: string;
};

const statusStyles: Record<OrderStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
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
  actions,
  emptyText,
}: {
  orders: Row[];
  showCustomer?: boolean;
  actions: (order: Row) => ReactNode;
  emptyText: string;
}) {
  const formatPrice = useFormatPrice();
  if (orders.length === 0) return <p className="mt-6 text-slate-600">{emptyText}</p>;
  const columns: Column<Row>[] = [
    { header: "Order", cell: (order) => `#${order.id}` },
    ...(showCustomer
      ? [{ header: "Customer", cell: (order: Row) => order.customer_email, className: "break-all" }]
      : []),
    { header: "Item", cell: (order) => order.item_name },
    { header: "Quantity", cell: (order) => order.quantity, align: "right" },
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
