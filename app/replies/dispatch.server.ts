// When parts leave, in words, for every page that shows it (cards, the product page, the cart,
// checkout, orders): the rule is app/lib/dispatch.ts, the words worked out here on the server, with
// the store's clock and its way of writing a day, so a page sends text and no date code.
import { dispatchSettings, formatStoreDay } from "~/config/env.server";
import {
  type DispatchClock,
  dispatchClock,
  dispatchWording,
  orderLineWording,
  supplyOf,
  supplyWording,
} from "~/lib/dispatch";

let lastClock: { minute: number; settings: ReturnType<typeof dispatchSettings>; clock: DispatchClock } | null = null;

/**
 * The store's clock for this request. It changes only with the minute, and reading the wall clock
 * in the store's time zone (Intl) cost every catalog page 45 µs, so it is worked out once a minute.
 */
export function dispatchClockNow(settings = dispatchSettings()): DispatchClock {
  const minute = Math.floor(Date.now() / 60_000);
  if (lastClock?.minute !== minute || lastClock.settings !== settings) {
    lastClock = { minute, settings, clock: dispatchClock(new Date(minute * 60_000), settings) };
  }
  return lastClock.clock;
}

/**
 * A part as a card or its page offers it: when one unit would leave, and whether it can be ordered
 * at all (in stock, or taking backorders).
 */
export function withDispatch<Part extends { quantity: number; lead_time_days: number; allow_backorder: number }>(
  parts: Part[],
  clock = dispatchClockNow(),
) {
  return parts.map((part) => {
    const orderable = part.quantity > 0 || part.allow_backorder === 1;
    const supply = supplyOf(clock, { quantity: 1, available: part.quantity, leadTimeDays: part.lead_time_days });
    return { ...part, orderable, dispatch: orderable ? supplyWording(clock, supply, formatStoreDay) : "Out of stock" };
  });
}

/** A wanted quantity (a cart or checkout line) as it would leave if ordered now. */
export function wantedDispatch(
  clock: DispatchClock,
  line: { quantity: number; available: number; leadTimeDays: number },
) {
  return supplyWording(clock, supplyOf(clock, line), formatStoreDay);
}

/** Each line of a bill with when it would leave. */
export function billWithDispatch<Line extends { quantity: number; available: number; leadTimeDays: number }>(
  lines: Line[],
  clock = dispatchClockNow(),
) {
  return lines.map((line) => ({ ...line, dispatch: wantedDispatch(clock, line) }));
}

/** The day waiting units were promised for, in words ("Dispatched by 4 Dec 2026"). */
export function backorderDueWording(due: string | null, clock = dispatchClockNow()) {
  return due ? dispatchWording(clock, due, formatStoreDay) : "As soon as stock arrives";
}

/** A bill (the cart's, checkout's) with when each line would leave. */
export function billOfDispatch<Bill extends { lines: { quantity: number; available: number; leadTimeDays: number }[] }>(
  bill: Bill,
  clock = dispatchClockNow(),
) {
  return { ...bill, lines: billWithDispatch(bill.lines, clock) };
}

/** What an order line's supply is worked out from: its units in each state, and the day promised. */
type OrderLineUnits = {
  quantity: number;
  allocated: number;
  waiting: number;
  shipped: number;
  cancelled: number;
  backorder_due: string | null;
};

/** An order with what each line has shipped and when the rest leaves. */
export function orderWithDispatch<Order extends { lines: OrderLineUnits[] }>(order: Order, clock = dispatchClockNow()) {
  return { ...order, lines: orderLinesWithDispatch(order.lines, clock) };
}

/** An order's lines with what has shipped and when the rest leaves. */
export function orderLinesWithDispatch<Line extends OrderLineUnits>(lines: Line[], clock = dispatchClockNow()) {
  return lines.map((line) => ({
    ...line,
    dispatch: orderLineWording(clock, { ...line, backorderDue: line.backorder_due }, formatStoreDay),
  }));
}
