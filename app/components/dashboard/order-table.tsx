import type { ReactNode } from "react";

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
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="stacked-table w-full text-left text-sm md:min-w-[40rem]">
        <thead className="border-b border-slate-300 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Order
            </th>
            {showCustomer ? (
              <th scope="col" className="py-2 pr-3">
                Customer
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-3">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Quantity
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Total
            </th>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2 pr-3">
              Date
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b border-slate-200" data-testid={`order-${order.id}`}>
              <td data-label="Order" className="py-2 pr-3">
                #{order.id}
              </td>
              {showCustomer ? (
                <td data-label="Customer" className="break-all py-2 pr-3">
                  {order.customer_email}
                </td>
              ) : null}
              <td data-label="Item" className="py-2 pr-3">
                {order.item_name}
              </td>
              <td data-label="Quantity" className="py-2 pr-3 text-right">
                {order.quantity}
              </td>
              <td data-label="Total" className="py-2 pr-3 text-right">
                {formatPrice(order.total_cents)}
              </td>
              <td data-label="Status" className="py-2 pr-3">
                <StatusBadge status={order.status} />
              </td>
              <td data-label="Date" className="py-2 pr-3">
                {formatDate(order.created_at)}
              </td>
              <td className="py-2">{actions(order)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
