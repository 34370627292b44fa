import { storeName } from "~/config/env.server";
import { type Person, personalDataStream } from "~/models/personal-data.server";
import { datedFileName } from "~/web/csv-download.server";
import { jsonDownload } from "~/web/document-response.server";
import { type LimitKey, takePoints, tooManyAttemptsMessage } from "~/web/rate-limit.server";
import { refusalPage } from "~/web/refusal-page.server";

/** The shop's name as a file name's start: "Gearwright Parts" → "gearwright-parts". */
function fileStem() {
  const brand = storeName()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return brand || "shop";
}

/**
 * A person's data as one JSON file (decision 52), to themselves or to staff for them: a point from
 * `dataExport` first, as each download reads everything the account has; a 429 page beyond.
 */
export async function personalDataDownload(person: Person, { limit, name }: { limit: LimitKey; name: string }) {
  const taken = await takePoints([limit]);
  if (!taken.ok) {
    return refusalPage(429, tooManyAttemptsMessage(taken.retryAfterMs), {
      "Retry-After": String(Math.ceil(taken.retryAfterMs / 1000)),
    });
  }
  return jsonDownload(personalDataStream(person), datedFileName(`${fileStem()}-${name}`, new Date(), "json"));
}
