import { formatDate } from "~/utils/dates";

type Movement = {
  id: number;
  change: number;
  quantity_after: number;
  reason: string;
  created_at: string;
  user_email: string | null;
};

/** The latest stock changes made by hand, so an admin can see who changed what and why. */
export function StockMovements({ movements }: { movements: Movement[] }) {
  if (movements.length === 0) return <p className="mt-4 text-sm text-slate-600">No stock changes by hand yet.</p>;
  return (
    <div className="mt-6">
      <h3 className="font-semibold">Recent stock changes</h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm">
        {movements.map((movement) => (
          <li key={movement.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
            <span className="font-medium">
              {movement.change > 0 ? `+${movement.change}` : movement.change} → {movement.quantity_after}
            </span>
            <span className="flex-1 text-slate-700">{movement.reason}</span>
            <span className="text-slate-600">
              {movement.user_email ?? "a removed account"},{" "}
              <time dateTime={movement.created_at}>{formatDate(movement.created_at)}</time>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
