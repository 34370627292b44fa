import { useFormatPrice } from "~/components/use-money";

type Month = { month: string; netCents: number };

const WIDTH = 640;
const HEIGHT = 200;
const BOTTOM = 24;

/**
 * Net sales by month as bars, drawn on the server (no script): a picture for the eye, with the same
 * figures in the table beside it for everyone else (the picture is hidden from screen readers).
 */
export function SalesChart({ months }: { months: Month[] }) {
  const formatPrice = useFormatPrice();
  const highest = Math.max(1, ...months.map((month) => month.netCents));
  const slot = WIDTH / Math.max(1, months.length);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + BOTTOM}`}
      className="mt-3 h-auto w-full max-w-3xl"
      aria-hidden="true"
      data-testid="sales-chart"
    >
      <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#475569" strokeWidth="1" />
      {months.map((month, index) => {
        const height = Math.round((Math.max(0, month.netCents) / highest) * (HEIGHT - 16));
        const x = index * slot + slot * 0.15;
        return (
          <g key={month.month}>
            <rect x={x} y={HEIGHT - height} width={slot * 0.7} height={height} fill="#c2410c">
              <title>{`${month.month}: ${formatPrice(month.netCents)}`}</title>
            </rect>
            <text x={x + slot * 0.35} y={HEIGHT + 16} textAnchor="middle" fontSize="11" fill="#334155">
              {month.month}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
