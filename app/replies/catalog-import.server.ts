import { data } from "@remix-run/node";

import { discardCatalogImport, requestApply, requestRecheck } from "~/models/catalog-import";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

// An import's page asks for one of three things; the runner does the work, the page says what was asked.

export const NO_SUCH_IMPORT = "There is no import at this address.";

/** Discard a checked file, check a failed one again, or apply it: queued, or why not now. */
export async function catalogImportReply(importId: number, intent: "discard" | "recheck" | "apply") {
  if (intent === "discard") {
    if (!(await discardCatalogImport(importId)))
      return refuse(409, "This import is running or applied: it cannot be discarded now.");
    return redirectWithFlash("/dashboard/import", `Import #${importId} discarded.`);
  }
  if (intent === "recheck") {
    if (!(await requestRecheck(importId))) return refuse(409, "Only an import whose apply failed is checked again.");
    return redirectWithFlash(
      `/dashboard/import/${importId}`,
      "Checking the file again against the catalog as it is now.",
    );
  }
  const queued = await requestApply(importId);
  if (!queued.ok) {
    if (queued.reason === "not-found") throw data(NO_SUCH_IMPORT, { status: 404 });
    return refuse(409, `This import cannot be applied now: it is ${queued.status.replace("-", " ")}.`);
  }
  return redirectWithFlash(
    `/dashboard/import/${importId}`,
    "Applying the file: every row is written at once, or none.",
  );
}
