// Unique names for what tests create, so tests sharing a database never meet each other's rows.
// No app imports: the Playwright specs use this too, and must not open the app's database.
import { randomBytes } from "node:crypto";

let counter = 0;

/** A short unique suffix for names, slugs and part numbers. */
export function uniqueToken() {
  return `t${randomBytes(4).toString("hex")}`;
}

/** An address no other test (in this process or another) has used. */
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}
