import { AppLink } from "~/components/app-link";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatDate } from "~/components/use-format-date";

type OwedLine = {
  order_id: number;
  created_at: string;
  customer_email: string;
  customer_name: string | null;
  quantity: number;
  allocated: number;
  waiting: number;
  /** When the waiting units leave, in words. */
  due: string;
};

/**
 * On a part's edit page: the units its open orders still wait for, whose they are, oldest order
 * first, which is the order arriving stock fills them in.
 */
export function BackordersOwed({ lines }: { lines: OwedLine[] }) {
  const formatDate = useFormatDate();
  const total = lines.reduce((sum, line) => sum + line.waiting, 0);
  const columns: Column<OwedLine>[] = [
    {
      header: "Order",
      cell: (line) => (
        <AppLink to={`/dashboard/manage-order/${line.order_id}`} className="font-medium text-orange-800 underline">
          #{line.order_id}
        </AppLink>
      ),
    },
    {
      header: "Placed",
      cell: (line) => <time dateTime={line.created_at}>{formatDate(line.created_at)}</time>,
    },
    { header: "Customer", cell: (line) => line.customer_name || line.customer_email },
    { header: "Ordered", cell: (line) => line.quantity, align: "right" },
    { header: "Waiting", cell: (line) => line.waiting, align: "right" },
    { header: "Promised", cell: (line) => line.due },
  ];
  return (
    <section aria-labelledby="backorders-heading" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="backorders-heading" className="text-xl font-semibold">
        Backorders
      </h2>
      {lines.length ? (
        <>
          <p className="mt-2 text-sm text-slate-700" data-testid="backorders-owed">
            {total} {total === 1 ? "unit is" : "units are"} owed to {lines.length}{" "}
            {lines.length === 1 ? "order" : "orders"}. Stock added here fills them oldest order first.
          </p>
          <DataTable rows={lines} columns={columns} rowKey={(line) => line.order_id} />
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No order is waiting for this part.</p>
      )}
    </section>
  );
}
