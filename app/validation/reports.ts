import { z } from "zod";

import { addCalendarDays, isCalendarDate } from "~/lib/quotes";

import { firstIssueByField } from "./common";

// The period a report covers (issue 51): its first and last day, store days, at most three years.

/** The longest period a report reads: a year is what a VAT return or a sales review looks back on. */
export const MAX_REPORT_DAYS = 3 * 366;

const day = (label: string) =>
  z
    .string({ required_error: `Enter the ${label} day` })
    .trim()
    .refine(isCalendarDate, "Enter a date such as 2026-11-27");

export const ReportPeriodSchema = z
  .object({ from: day("first"), to: day("last") })
  .refine(({ from, to }) => from <= to, { message: "The first day comes before the last", path: ["to"] })
  .refine(({ from, to }) => to <= addCalendarDays(from, MAX_REPORT_DAYS), {
    message: "A report covers at most three years",
    path: ["to"],
  });

export type ReportPeriodInput = z.output<typeof ReportPeriodSchema>;

/** This quarter so far (calendar quarters, as most VAT returns are): the period a report opens on. */
export function currentQuarter(today: string) {
  const month = Number(today.slice(5, 7));
  const firstMonth = String(month - ((month - 1) % 3)).padStart(2, "0");
  return { from: `${today.slice(0, 4)}-${firstMonth}-01`, to: today };
}

/**
 * The period in a report's address, this quarter when it names none; or the days as typed with
 * what is wrong with them.
 */
export function readReportPeriod(params: URLSearchParams, today: string) {
  const asked = { from: params.get("from") ?? undefined, to: params.get("to") ?? undefined };
  if (asked.from === undefined && asked.to === undefined) return { ok: true as const, period: currentQuarter(today) };
  const read = ReportPeriodSchema.safeParse(asked);
  if (read.success) return { ok: true as const, period: read.data };
  return {
    ok: false as const,
    typed: { from: asked.from ?? "", to: asked.to ?? "" },
    errors: firstIssueByField(read.error, ["from", "to"] as const),
  };
}
