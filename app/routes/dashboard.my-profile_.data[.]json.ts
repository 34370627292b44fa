import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/permissions.server";
import { storeName } from "~/config/env.server";
import { personalDataStream } from "~/models/personal-data.server";
import { datedFileName } from "~/web/csv-download.server";
import { jsonDownload } from "~/web/document-response.server";
import { takePoints, tooManyAttemptsMessage } from "~/web/rate-limit.server";
import { refusalPage } from "~/web/refusal-page.server";

// "Download my data" (issue 53, decision 52): everything the shop holds about the signed-in customer,
// one JSON file written as it is read. My Profile's button posts intent=export-data, which lands
// here; a download reads all the account has, so an account has a few an hour.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const limit = await takePoints([["dataExport", `user:${user.id}`]]);
  if (!limit.ok) {
    return refusalPage(429, tooManyAttemptsMessage(limit.retryAfterMs), {
      "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)),
    });
  }
  const brand = storeName()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return jsonDownload(personalDataStream(user), datedFileName(`${brand || "shop"}-my-data`, new Date(), "json"));
}
