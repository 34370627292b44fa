import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireUserWithCompany } from "~/auth/company.server";
import { ORDERS_GO_THROUGH_PROCUREMENT } from "~/auth/permissions.server";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { DetailPage, PersonTerm } from "~/components/detail-page";
import { AcceptQuoteForm } from "~/components/quotes/accept-quote-form";
import { PrintButton } from "~/components/quotes/print-button";
import { QuoteHeading } from "~/components/quotes/quote-heading";
import { QuoteLines } from "~/components/quotes/quote-lines";
import { canMoveQuote } from "~/lib/quotes";
import { shippingDefaultsFor } from "~/models/order";
import { closeQuote, getQuote } from "~/models/quote";
import { acceptRefusal, closeQuoteReply, QUOTE_NOT_FOUND, quoteAcceptedRedirect } from "~/replies/quote.server";
import { acceptQuote } from "~/services/quotes.server";
import { parseId } from "~/validation/common";
import { MyQuoteActionSchema } from "~/validation/quote";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { orderingLimits } from "~/web/rate-limit.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  pageTitle(matches, data ? `Quote ${data.quote.number}` : "Quote"),
];

export const headers = routeHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const id = parseId(params.id);
  // Anyone else's quote is answered exactly like one that does not exist; a colleague's quote for
  // the company is read, but accepting or withdrawing it stays with whoever asked.
  const quote = id ? await getQuote(id, { ownerId: user.id, companyId: user.companyId }) : undefined;
  if (!quote) throw new Response(QUOTE_NOT_FOUND, { status: 404, statusText: "Quote not found" });
  const mine = quote.customer.id === user.id;
  const confirmWithdraw =
    mine && new URL(request.url).searchParams.has("withdraw") && canMoveQuote(quote.status, "withdrawn");
  return { quote, mine, shipping: await shippingDefaultsFor(user), confirmWithdraw };
}

export const action = formAction({
  guard: requireUserWithCompany,
  schema: MyQuoteActionSchema,
  // Accepting places an order: limited as orders are.
  limits: ({ user, value }) => (value.intent === "accept" ? orderingLimits(user.id) : []),
  async run({ user, params, value }) {
    const id = parseId(params.id);
    if (!id) return refuse(404, QUOTE_NOT_FOUND);
    const quoteNow = () => getQuote(id, { ownerId: user.id });
    const shared = await getQuote(id, { ownerId: user.id, companyId: user.companyId });
    if (shared && shared.customer.id !== user.id) return refuse(403, askerOnly(shared.customer.name));
    if (value.intent === "withdraw") {
      const closed = await closeQuote(id, "withdrawn", { ownerId: user.id });
      return closeQuoteReply(closed, "withdrawn", { backTo: `/dashboard/quotes/${id}`, quoteNow });
    }
    if (user.punchout) return refuse(403, ORDERS_GO_THROUGH_PROCUREMENT);
    const accepted = await acceptQuote(user.id, id, {
      address: value.address,
      phone: value.phone,
      poNumber: value.poNumber,
      expectedTotalCents: value.expectedTotal,
    });
    if (accepted.ok) return quoteAcceptedRedirect(accepted);
    return acceptRefusal(accepted, await quoteNow());
  },
});

export default function MyQuote() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // After a refusal, the quote as it is now (accepted in another tab, changed, expired).
  const quote = reply?.quote ?? loaded.quote;
  const { mine } = loaded;
  const withdrawable = mine && canMoveQuote(quote.status, "withdrawn");
  const question = `Withdraw quote ${quote.number}? We will not price it or hold its prices for you.`;
  return (
    <DetailPage
      back={{ to: "/dashboard/quotes", label: "My Quotes" }}
      reply={reply}
      confirmations={
        loaded.confirmWithdraw ? (
          <ConfirmPanel
            question={question}
            confirmLabel="Yes, withdraw it"
            cancelHref={`/dashboard/quotes/${quote.id}`}
            fields={{}}
            intent="withdraw"
          />
        ) : null
      }
    >
      <QuoteHeading
        quote={quote}
        orderPath="/dashboard/my-order"
        customer={mine ? null : <PersonTerm term="Asked by" name={quote.customer.name} />}
      />
      <QuoteLines quote={quote} />
      {mine ? (
        <QuoteNextStep status={quote.status} />
      ) : (
        <p className="mt-4 text-sm text-slate-700" data-testid="colleague-quote">
          {askerOnly(quote.customer.name)}
        </p>
      )}
      {mine && quote.status === "sent" ? (
        <AcceptQuoteForm totalCents={quote.totals.totalCents} defaults={loaded.shipping} lastResult={reply} />
      ) : null}
      <div className="mt-8 flex flex-wrap gap-3 print:hidden">
        <PrintButton />
        {withdrawable ? (
          <ConfirmAction
            label="Withdraw"
            accessibleLabel={`Withdraw quote ${quote.number}`}
            question={question}
            confirmLabel="Yes, withdraw it"
            fallbackHref={`/dashboard/quotes/${quote.id}?withdraw=1`}
            fields={{}}
            intent="withdraw"
            variant="secondary"
          />
        ) : null}
      </div>
    </DetailPage>
  );
}

function askerOnly(name: string) {
  return `${name} asked for this quote for your company: only they can accept or withdraw it.`;
}

/** What happens next, in a sentence under the lines. */
function QuoteNextStep({ status }: { status: (typeof QUOTE_STEPS)[number][0] }) {
  const sentence = QUOTE_STEPS.find(([candidate]) => candidate === status)?.[1];
  return sentence ? <p className="mt-4 text-sm text-slate-700">{sentence}</p> : null;
}

const QUOTE_STEPS = [
  ["requested", "Our sales team is pricing this request; we will email you when it is ready."],
  ["sent", "These prices hold until the date above. Accept below and the order is placed at them."],
  ["expired", "This quote has expired. Ask us to renew it, or request a new quote from your cart."],
  ["accepted", "You accepted this quote: its order is linked above."],
  ["declined", "We could not quote these parts. Contact us if you would like to talk it through."],
  ["withdrawn", "You withdrew this request."],
] as const;
