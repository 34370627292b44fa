import { useId } from "react";

import { useFormatPrice } from "~/components/use-money";

type Day = { day: string; orders: number; revenueCents: number };

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;

/** "25 Nov" for a UTC day, the same on the server and in the browser. */
function shortDay(day: string) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/**
 * The last days' revenue as bars, drawn on the server (no script needed), with a sentence for
 * screen readers and the same figures as a table beneath.
 */
export function OrdersChart({ days }: { days: Day[] }) {
  const formatPrice = useFormatPrice();
  const titleId = useId();
  const descriptionId = useId();
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);
  const totalRevenue = days.reduce((sum, day) => sum + day.revenueCents, 0);
  const highest = Math.max(...days.map((day) => day.revenueCents), 0);
  const busiest = days.reduce((best, day) => (day.revenueCents > best.revenueCents ? day : best), days[0]);
  const slot = WIDTH / days.length;
  const barHeight = (cents: number) => (highest ? ((HEIGHT - AXIS) * cents) / highest : 0);
  const summary =
    `${totalOrders} ${totalOrders === 1 ? "order" : "orders"} worth ${formatPrice(totalRevenue)} ` +
    `from ${shortDay(days[0].day)} to ${shortDay(days[days.length - 1].day)}` +
    (highest ? `; the best day was ${shortDay(busiest.day)} with ${formatPrice(busiest.revenueCents)}.` : ".");
  return (
    <figure className="mt-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        className="h-auto w-full max-w-2xl text-orange-700"
      >
        <title id={titleId}>Revenue per day, last {days.length} days</title>
        <desc id={descriptionId}>{summary}</desc>
        <line x1="0" y1={HEIGHT - AXIS} x2={WIDTH} y2={HEIGHT - AXIS} stroke="#94a3b8" strokeWidth="1" />
        {days.map((day, index) => {
          const height = barHeight(day.revenueCents);
          return (
            <rect
              key={day.day}
              x={index * slot + slot * 0.15}
              y={HEIGHT - AXIS - height}
              width={slot * 0.7}
              height={height}
              fill="currentColor"
            />
          );
        })}
        <text x="0" y={HEIGHT - 4} fontSize="11" fill="#334155">
          {shortDay(days[0].day)}
        </text>
        <text x={WIDTH} y={HEIGHT - 4} fontSize="11" fill="#334155" textAnchor="end">
          {shortDay(days[days.length - 1].day)}
        </text>
      </svg>
      <figcaption className="mt-1 text-sm text-slate-700">{summary}</figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-orange-800 underline">The figures by day</summary>
        <table className="mt-2 text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-4">
                Day
              </th>
              <th scope="col" className="pr-4 text-right">
                Orders
              </th>
              <th scope="col" className="text-right">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <td className="pr-4">{shortDay(day.day)}</td>
                <td className="pr-4 text-right">{day.orders}</td>
                <td className="text-right">{formatPrice(day.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
