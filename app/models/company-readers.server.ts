import { type ExpressionBuilder, sql } from "kysely";

import type { Database } from "~/db/schema";

/**
 * Who reads a company's documents (issue 27): the customer who placed or asked for one, or (with
 * `companyId`) any member of the company it was for.
 */
export type CompanyReader = { ownerId?: number; companyId?: number | null };

/** The rows of `table` a customer reads: their own, and their company's when they are in one. */
export function ownOrCompany<Table extends "orders" | "quotes">(
  table: Table,
  ownerId: number,
  companyId: number | null | undefined,
) {
  return (eb: ExpressionBuilder<Database, Table>) => {
    const own = eb(sql.ref<number>(`${table}.user_id`), "=", ownerId);
    return companyId ? eb.or([own, eb(sql.ref<number | null>(`${table}.company_id`), "=", companyId)]) : own;
  };
}
