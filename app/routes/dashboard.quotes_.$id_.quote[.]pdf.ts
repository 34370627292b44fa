import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWithCompany } from "~/auth/company.server";
import { renderQuotePdf } from "~/documents/quote-pdf.server";
import { getQuote } from "~/models/quote";
import { parseId } from "~/validation/common";
import { noDocument, pdfResponse } from "~/web/document-response.server";

// GET /dashboard/quotes/:id/quote.pdf: a quote as a PDF for its buyer, their company's members (and
// staff), from the same detail its page shows. Anyone else's quote is a 404, as its page is.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const id = parseId(params.id);
  const reader = user.role === "admin" ? {} : { ownerId: user.id, companyId: user.companyId };
  const quote = id ? await getQuote(id, reader) : undefined;
  if (!quote) return noDocument("quote");
  return pdfResponse(await renderQuotePdf(quote), `${quote.number}.pdf`);
}
