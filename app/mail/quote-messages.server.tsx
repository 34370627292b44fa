import { appUrl, formatPrice, formatStoreDate, storeName } from "~/config/env.server";

import { html, Letter, type RenderedMessage } from "./letter.server";

// The messages about a quote: the shop's notice of a request, and the offer to the buyer.

/** What a quote message shows: the quote as it stands when the message is written. */
export type QuoteForMail = {
  id: number;
  number: string;
  customerName: string;
  note: string | null;
  /** The last day it may be accepted (YYYY-MM-DD); null until it is sent. */
  validUntil: string | null;
  totals: { subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number } | null;
  taxLabel: string;
  lines: {
    partNumber: string;
    name: string;
    quantity: number;
    listPriceCents: number;
    quotedPriceCents: number | null;
  }[];
};

function quoteLink(quoteId: number, staff = false) {
  return new URL(`/dashboard/${staff ? "manage-quotes" : "quotes"}/${quoteId}`, appUrl()).toString();
}

function lineText(line: QuoteForMail["lines"][number]) {
  const price = line.quotedPriceCents ?? line.listPriceCents;
  const list = line.quotedPriceCents === null ? "list price" : `list ${formatPrice(line.listPriceCents)}`;
  return `${line.quantity} × ${line.partNumber} ${line.name} at ${formatPrice(price)} (${list}) = ${formatPrice(price * line.quantity)}`;
}

function totalsRows(quote: QuoteForMail): [string, string][] {
  if (!quote.totals) return [];
  return [
    ["Subtotal", formatPrice(quote.totals.subtotalCents)],
    ["Shipping", formatPrice(quote.totals.shippingCents)],
    [quote.taxLabel, formatPrice(quote.totals.taxCents)],
    ["Total", formatPrice(quote.totals.totalCents)],
  ];
}

function QuoteTable({ quote }: { quote: QuoteForMail }) {
  const cell = { padding: "4px 8px", borderBottom: "1px solid #ddd" };
  const right = { ...cell, textAlign: "right" as const };
  return (
    <table style={{ borderCollapse: "collapse", fontFamily: "sans-serif", fontSize: 14 }}>
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: "left" }}>Part</th>
          <th style={right}>Quantity</th>
          <th style={right}>List price</th>
          <th style={right}>Our price</th>
          <th style={right}>Line total</th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => {
          const price = line.quotedPriceCents ?? line.listPriceCents;
          return (
            <tr key={line.partNumber}>
              <td style={cell}>
                {line.name}
                <br />
                <code>{line.partNumber}</code>
              </td>
              <td style={right}>{line.quantity}</td>
              <td style={right}>{formatPrice(line.listPriceCents)}</td>
              <td style={right}>
                {line.quotedPriceCents === null ? "to be quoted" : formatPrice(line.quotedPriceCents)}
              </td>
              <td style={right}>{formatPrice(price * line.quantity)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        {totalsRows(quote).map(([label, value]) => (
          <tr key={label}>
            <td colSpan={4} style={right}>
              {label}
            </td>
            <td style={{ ...right, fontWeight: label === "Total" ? "bold" : undefined }}>{value}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

/** To ORDER_NOTIFY_EMAIL: a buyer asks for prices. */
export function quoteRequestNotice(quote: QuoteForMail, customerEmail: string): RenderedMessage {
  const link = quoteLink(quote.id, true);
  const heading = `Quote request ${quote.number} from ${quote.customerName}`;
  const note = quote.note ? `Their note: ${quote.note}` : "No note.";
  return {
    subject: `${storeName()}: quote request ${quote.number} (${quote.lines.length} ${quote.lines.length === 1 ? "line" : "lines"})`,
    text: [`${heading} <${customerEmail}>.`, "", ...quote.lines.map(lineText), "", note, "", `Price it: ${link}`].join(
      "\n",
    ),
    html: html(
      <Letter heading={heading} link={link}>
        <p>{customerEmail}</p>
        <QuoteTable quote={quote} />
        <p style={{ whiteSpace: "pre-wrap" }}>{note}</p>
      </Letter>,
    ),
  };
}

/** To the buyer: the prices offered, the total and the last day to accept. */
export function quoteSentMessage(quote: QuoteForMail): RenderedMessage {
  const link = quoteLink(quote.id);
  const until = quote.validUntil ? formatStoreDate(quote.validUntil) : "";
  const heading = `Your quote ${quote.number} is ready`;
  const totals = totalsRows(quote).map(([label, value]) => `${label}: ${value}`);
  return {
    subject: `${storeName()}: quote ${quote.number}, valid until ${until}`,
    text: [
      `Hello ${quote.customerName},`,
      "",
      `${heading}. It is valid until ${until}: accept it on its page and the order is placed at these prices.`,
      "",
      ...quote.lines.map(lineText),
      "",
      ...totals,
      "",
      `Your quote: ${link}`,
      "",
      storeName(),
    ].join("\n"),
    html: html(
      <Letter heading={heading} link={link}>
        <p>
          Hello {quote.customerName}, it is valid until <strong>{until}</strong>: accept it on its page and the order is
          placed at these prices.
        </p>
        <QuoteTable quote={quote} />
      </Letter>,
    ),
  };
}
