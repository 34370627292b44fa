import type { Kysely } from "kysely";

/**
 * A shipment records how it travels (issue 27): the carrier (an id from app/lib/carriers.ts) and the
 * tracking number staff typed when they shipped it. Shipments made before this have neither.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("shipments").addColumn("carrier", "text").execute();
  await db.schema.alterTable("shipments").addColumn("tracking_number", "text").execute();
}
