// When a part leaves the warehouse: the one rule every page, the API and mail show (issue 26).
// In stock, it leaves today when the order is in by the cut-off (ORDER_CUTOFF in STORE_TIMEZONE) on
// a working day, else on the next working day. What is not in stock leaves after its lead time,
// counted in working days from today. Working days are Monday to Friday in the store's time zone.
//
// Days are calendar dates ("2026-11-26") in the store's zone, never instants: a date is the same
// wherever it is shown, and the clock change at the end of October moves no day.

/** A calendar date in the store's time zone, as YYYY-MM-DD. */
export type CalendarDate = string;

/** The cut-off as the store sets it: hours and minutes of its own clock. */
export type Cutoff = { hours: number; minutes: number };

/**
 * What a page needs to date every part it lists, worked out once per request on the server (the
 * browser's clock and zone are not the store's): today, and the day stock in hand leaves.
 */
export type DispatchClock = { today: CalendarDate; inStockLeaves: CalendarDate };

/** "14:00" → 14 h 0 min; null for anything else. */
export function readCutoff(text: string): Cutoff | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : null;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The store's wall clock at `instant`: its date, hour and minute in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partsFormatters.set(timeZone, format);
  }
  // One formatting, its parts looked up by type (formatting once per part cost a page 0.1 ms).
  const parts = new Map(format.formatToParts(instant).map(({ type, value }) => [type, value]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type)!;
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/**
 * The instant a calendar day begins in `timeZone` (its first minute): where a period of store days
 * starts and, for the day after its last, where it ends. Found from the zone's offset near midnight,
 * checked once more so a change of clock that day (summer time) is taken into account.
 */
export function dayStartsAt(day: CalendarDate, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let start = midnightUtc;
  for (let round = 0; round < 2; round += 1) {
    const wall = wallClock(new Date(start), timeZone);
    const wallAsUtc = Date.parse(`${wall.date}T00:00:00Z`) + wall.minutes * 60_000;
    start = midnightUtc - (wallAsUtc - start);
  }
  return new Date(start);
}

/** Whether `timeZone` is one Intl knows (STORE_TIMEZONE is checked with this at start). */
export function isTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}

// Calendar arithmetic on dates alone, at noon UTC so no zone or clock change can move a day.
const toDate = (day: CalendarDate) => new Date(`${day}T12:00:00Z`);
const fromDate = (date: Date): CalendarDate => date.toISOString().slice(0, 10);

export function isWorkingDay(day: CalendarDate) {
  const weekday = toDate(day).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

export function nextWorkingDay(day: CalendarDate): CalendarDate {
  const date = toDate(day);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (!isWorkingDay(fromDate(date)));
  return fromDate(date);
}

/** `day` plus `count` working days (a day that is not a working day counts as none). */
export function addWorkingDays(day: CalendarDate, count: number): CalendarDate {
  let result = day;
  for (let added = 0; added < count; added++) result = nextWorkingDay(result);
  return result;
}

/** The clock a request dates its parts by. */
export function dispatchClock(
  instant: Date,
  { cutoff, timeZone }: { cutoff: Cutoff; timeZone: string },
): DispatchClock {
  const { date, minutes } = wallClock(instant, timeZone);
  const inTime = isWorkingDay(date) && minutes < cutoff.hours * 60 + cutoff.minutes;
  return { today: date, inStockLeaves: inTime ? date : nextWorkingDay(date) };
}

/** The day units leave: stock in hand by the clock, the rest after the part's lead time. */
export function dispatchDate(
  clock: DispatchClock,
  { inStock, leadTimeDays }: { inStock: boolean; leadTimeDays: number },
) {
  return inStock ? clock.inStockLeaves : addWorkingDays(clock.today, leadTimeDays);
}

/** A dispatch date as every page and mail words it: "Dispatched today", or "Dispatched by 1 Dec 2026". */
export function dispatchWording(clock: DispatchClock, day: CalendarDate, formatDay: (day: CalendarDate) => string) {
  return day === clock.today ? "Dispatched today" : `Dispatched by ${formatDay(day)}`;
}

/** How a line's units leave: how many from stock now, how many on backorder and when those leave. */
export type LineSupply = { now: number; backorder: number; backorderDue: CalendarDate | null };

/** A wanted quantity of a part as it would be supplied today: what stock there is, the rest after the lead time. */
export function supplyOf(
  clock: DispatchClock,
  { quantity, available, leadTimeDays }: { quantity: number; available: number; leadTimeDays: number },
): LineSupply {
  const now = Math.max(0, Math.min(quantity, available));
  const backorder = quantity - now;
  return { now, backorder, backorderDue: backorder > 0 ? addWorkingDays(clock.today, leadTimeDays) : null };
}

/**
 * A line's supply in words, the same on every page and in mail: "Dispatched today" when stock covers
 * it, "On backorder: dispatched by 4 Dec 2026" when none is in stock, and "8 now, 17 on backorder,
 * dispatched by 4 Dec 2026" between.
 */
export function supplyWording(clock: DispatchClock, supply: LineSupply, formatDay: (day: CalendarDate) => string) {
  if (!supply.backorder) return dispatchWording(clock, clock.inStockLeaves, formatDay);
  const due = `dispatched by ${formatDay(supply.backorderDue ?? clock.today)}`;
  if (!supply.now) return `On backorder: ${due}`;
  return `${supply.now} now, ${supply.backorder} on backorder, ${due}`;
}

/**
 * An order line's supply in words: what has shipped, then what is left as supplyWording says it
 * ("3 shipped; 2 now, 5 on backorder, dispatched by 4 Dec 2026"), or "Shipped" once all has.
 */
export function orderLineWording(
  clock: DispatchClock,
  line: {
    quantity: number;
    allocated: number;
    waiting: number;
    shipped: number;
    cancelled: number;
    backorderDue: CalendarDate | null;
  },
  formatDay: (day: CalendarDate) => string,
) {
  if (line.shipped >= line.quantity) return "Shipped";
  if (line.cancelled >= line.quantity) return "Cancelled";
  const done = [
    line.shipped ? `${line.shipped} shipped` : null,
    line.cancelled ? `${line.cancelled} cancelled` : null,
  ].filter(Boolean);
  if (line.allocated + line.waiting === line.shipped) return done.join("; ");
  const rest = supplyWording(
    clock,
    { now: line.allocated - line.shipped, backorder: line.waiting, backorderDue: line.backorderDue },
    formatDay,
  );
  return [...done, rest].join("; ");
}
