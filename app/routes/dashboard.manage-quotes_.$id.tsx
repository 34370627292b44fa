import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { DetailPage, PersonTerm } from "~/components/detail-page";
import { PriceQuoteForm } from "~/components/quotes/price-quote-form";
import { QuoteHeading } from "~/components/quotes/quote-heading";
import { QuoteLines } from "~/components/quotes/quote-lines";
import { storeMoneyFormat } from "~/config/env.server";
import { storeToday } from "~/config/env.server";
import { toCents } from "~/lib/money";
import { addCalendarDays, canMoveQuote, USUAL_VALIDITY_DAYS } from "~/lib/quotes";
import { closeQuote, getQuote } from "~/models/quote";
import { closeQuoteReply, QUOTE_NOT_FOUND, sendQuoteReply } from "~/replies/quote.server";
import { sendQuote } from "~/services/quotes.server";
import { parseId } from "~/validation/common";
import { priceQuoteSchema } from "~/validation/quote";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  pageTitle(matches, data ? `Quote ${data.quote.number}` : "Quote"),
];

export const headers = routeHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const quote = id ? await getQuote(id) : undefined;
  if (!quote) throw new Response(QUOTE_NOT_FOUND, { status: 404, statusText: "Quote not found" });
  const today = storeToday();
  const confirmDecline = new URL(request.url).searchParams.has("decline") && canMoveQuote(quote.status, "declined");
  return { quote, today, suggestedValidUntil: addCalendarDays(today, USUAL_VALIDITY_DAYS), confirmDecline };
}

export const action = formAction({
  guard: requireAdmin,
  schema: () => priceQuoteSchema(storeMoneyFormat(), storeToday()),
  async run({ params, value }) {
    const id = parseId(params.id);
    if (!id) return refuse(404, QUOTE_NOT_FOUND);
    const quoteNow = () => getQuote(id);
    if (value.intent === "decline") {
      const closed = await closeQuote(id, "declined");
      return closeQuoteReply(closed, "declined", { backTo: `/dashboard/manage-quotes/${id}`, quoteNow });
    }
    const prices = new Map(value.lines.map((line) => [line.lineId, toCents(line.unitPrice)]));
    const sent = await sendQuote(id, { version: value.version, validUntil: value.validUntil, prices });
    return sendQuoteReply(id, sent, sent.ok ? undefined : await quoteNow());
  },
});

export default function ManageQuote() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // After a refusal, the quote as it is now (changed by someone else, accepted meanwhile).
  const quote = reply?.quote ?? loaded.quote;
  const question = `Decline quote ${quote.number}? ${quote.customer.name} will see that it was not quoted.`;
  return (
    <DetailPage
      back={{ to: "/dashboard/manage-quotes", label: "Manage Quotes" }}
      reply={reply}
      confirmations={
        loaded.confirmDecline ? (
          <ConfirmPanel
            question={question}
            confirmLabel="Yes, decline it"
            cancelHref={`/dashboard/manage-quotes/${quote.id}`}
            fields={{}}
            intent="decline"
          />
        ) : null
      }
    >
      <QuoteHeading
        quote={quote}
        orderPath="/dashboard/manage-order"
        customer={<PersonTerm term="Customer" name={quote.customer.name} email={quote.customer.email} />}
      />
      {canMoveQuote(quote.status, "sent") ? (
        <PriceQuoteForm
          key={quote.version}
          quote={quote}
          today={loaded.today}
          suggestedValidUntil={loaded.suggestedValidUntil}
          lastResult={reply?.quote ? undefined : reply}
        />
      ) : (
        <QuoteLines quote={quote} />
      )}
      {canMoveQuote(quote.status, "declined") ? (
        <div className="mt-8 print:hidden">
          <ConfirmAction
            label="Decline"
            accessibleLabel={`Decline quote ${quote.number}`}
            question={question}
            confirmLabel="Yes, decline it"
            fallbackHref={`/dashboard/manage-quotes/${quote.id}?decline=1`}
            fields={{}}
            intent="decline"
          />
        </div>
      ) : null}
    </DetailPage>
  );
}
