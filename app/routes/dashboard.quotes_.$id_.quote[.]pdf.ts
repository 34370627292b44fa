import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/permissions.server";
import { renderQuotePdf } from "~/documents/quote-pdf.server";
import { getQuote } from "~/models/quote.server";
import { parseId } from "~/validation/common";
import { noDocument, pdfResponse } from "~/web/pdf-response.server";

// GET /dashboard/quotes/:id/quote.pdf: a quote as a PDF for its buyer (and staff), from the same
// detail its page shows. Another buyer's quote is a 404, as its page is.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  const quote = id ? await getQuote(id, { ownerId: user.role === "admin" ? undefined : user.id }) : undefined;
  if (!quote) return noDocument("quote");
  return pdfResponse(await renderQuotePdf(quote), `${quote.number}.pdf`);
}
