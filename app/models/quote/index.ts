// Quotes: a buyer asks for a price on a cart's lines, staff price and send it, the buyer accepts it
// once (the order it becomes is placed by app/services/quotes.server.ts). Its entry points, each
// from the file that holds it:
//   ask.server.ts       asking for a quote
//   reading.server.ts   lists and one quote with its lines
//   changes.server.ts   pricing and sending, declining, withdrawing, marking accepted
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export type { CreateQuoteResult } from "./ask.server";
export { createQuote } from "./ask.server";
export type { CloseQuoteResult, PriceQuoteResult, QuoteChangeRefusal, QuoteClosing } from "./changes.server";
export { closeQuote, markQuoteAccepted, priceQuote } from "./changes.server";
export type { QuoteDetail, QuoteLineView, QuoteReader, QuoteSummary } from "./reading.server";
export { getQuote, listAllQuotes, listQuoteDetails, listQuotesForUser } from "./reading.server";
