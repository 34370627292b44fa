import { appUrl, storeMoneyFormat } from "~/config/env.server";
import { type DispatchClock, supplyOf } from "~/lib/dispatch";
import { invoiceFileHref, type InvoiceKind } from "~/lib/invoices";
import { DOCUMENT_TYPES, documentUrl, pictureUrl, type PictureView } from "~/lib/media";
import type { OrderStatus } from "~/lib/statuses";
import type { CatalogItem } from "~/models/catalog";
import type { InvoiceDocument } from "~/models/invoice";
import type { Bill } from "~/models/pricing.server";
import type { QuoteDetail } from "~/models/quote";
import type { ReviewListing } from "~/models/review.server";

import type { ApiInvoice, ApiInvoiceSummary } from "./openapi-invoices.server";
import type { ApiCart, ApiItem, ApiOrder, ApiOrderRefused, ApiQuote, ApiReview } from "./responses.server";

// The API's JSON shapes (the original backend's field names) from our rows. Each function is typed
// with the schema /api/openapi.json publishes, so a field added to one and not the other fails tsc.

/** Money is integer cents in the database and currency units (12.5) in the API. */
function units(cents: number) {
  return cents / 100;
}

/** An address on this site as a client on another origin can use it. */
function absolute(path: string) {
  return new URL(path, appUrl()).toString();
}

function toApiPicture(picture: PictureView): ApiItem["pictures"][number] {
  const variants = picture.sizes.map((size) => ({
    width: size.actualWidth,
    height: size.actualHeight,
    avif: absolute(pictureUrl(picture.hash, size.width, "avif")),
    webp: absolute(pictureUrl(picture.hash, size.width, "webp")),
    jpeg: absolute(pictureUrl(picture.hash, size.width, "jpeg")),
  }));
  const largest = variants[variants.length - 1];
  return { alt: picture.alt, url: largest.jpeg, width: largest.width, height: largest.height, variants };
}

/** A caller's own price for an item (withYourPrices): given only when a key or session names them. */
type CallerPrice = { your_price_cents: number | null; your_price_list: string | null };

export function toApiItem(item: CatalogItem, callerPrice?: CallerPrice): ApiItem {
  return {
    _id: item.id,
    name: item.name,
    // Absolute, so a client on another origin can show it.
    img: absolute(item.img),
    description: item.description,
    quantity: item.quantity,
    allowBackorder: item.allow_backorder === 1,
    leadTimeDays: item.lead_time_days,
    minOrderQuantity: item.min_order_quantity,
    supplierName: item.supplier_name,
    price: units(item.price_cents),
    ...(callerPrice
      ? {
          yourPrice: callerPrice.your_price_cents === null ? null : units(callerPrice.your_price_cents),
          priceList: callerPrice.your_price_list,
        }
      : {}),
    version: item.version,
    partNumber: item.part_number,
    category: item.category_slug,
    specs: item.specs,
    pictures: item.pictures.map(toApiPicture),
    documents: item.documents.map((document) => ({
      fileName: document.fileName,
      kind: document.kind,
      type: document.type,
      contentType: DOCUMENT_TYPES[document.type].contentType,
      size: document.byteSize,
      url: absolute(documentUrl(document.hash, document.type)),
    })),
  };
}

export function toApiReview(review: ReviewListing): ApiReview {
  return { _id: review.id, name: review.name, rating: review.rating, review: review.review };
}

type OrderWithLines = {
  id: number;
  status: OrderStatus;
  created_at: string;
  po_number: string | null;
  address: string;
  phone: string;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  lines: {
    item_id: number | null;
    part_number: string;
    item_name: string;
    quantity: number;
    unit_price_cents: number;
    line_total_cents: number;
    allocated: number;
    waiting: number;
    shipped: number;
    cancelled: number;
    backorder_due: string | null;
  }[];
};

export function toApiOrder(order: OrderWithLines): ApiOrder {
  const lines = order.lines.map((line) => ({
    itemId: line.item_id,
    partNumber: line.part_number,
    name: line.item_name,
    quantity: line.quantity,
    unitPrice: units(line.unit_price_cents),
    lineTotal: units(line.line_total_cents),
    allocated: line.allocated,
    waiting: line.waiting,
    shipped: line.shipped,
    cancelled: line.cancelled,
    backorderDue: line.backorder_due,
  }));
  return {
    _id: order.id,
    status: order.status,
    createdAt: order.created_at,
    poNumber: order.po_number,
    address: order.address,
    phone: order.phone,
    lines,
    subtotal: units(order.subtotal_cents),
    shipping: units(order.shipping_cents),
    tax: units(order.tax_cents),
    total: units(order.total_cents),
    itemId: lines[0]?.itemId ?? null,
    quantity: lines[0]?.quantity ?? 0,
    unitPrice: lines[0]?.unitPrice ?? 0,
  };
}

/** A refused order's lines and totals as they are now, so a client can show what changed. */
export function toApiRefusal(bill: Bill) {
  const firstShort = bill.lines.find((line) => line.problem?.kind === "short");
  return {
    lines: bill.lines.map((line) => ({
      itemId: line.itemId,
      partNumber: line.partNumber,
      quantity: line.quantity,
      available: line.available,
      minimum: line.minOrderQuantity,
      problem: line.problem?.kind ?? null,
    })),
    ...(firstShort ? { available: firstShort.available } : {}),
    subtotal: units(bill.totals.subtotalCents),
    shipping: units(bill.totals.shippingCents),
    tax: units(bill.totals.taxCents),
    total: units(bill.totals.totalCents),
  } satisfies Omit<ApiOrderRefused, "error" | "code" | "issues">;
}

/**
 * A cart as ordering it now would go: each line's units from stock (leaving on the store's next
 * dispatch day) and on backorder (by the part's lead time), priced with its breaks.
 */
export function toApiCart(bill: Bill, clock: DispatchClock): ApiCart {
  return {
    lines: bill.lines.map((line) => {
      const supply = supplyOf(clock, line);
      return {
        itemId: line.itemId,
        partNumber: line.partNumber,
        name: line.name,
        quantity: line.quantity,
        unitPrice: units(line.unitPriceCents),
        listPrice: units(line.listUnitPriceCents),
        priceList: line.priceSource.kind === "contract" ? line.priceSource.listName : null,
        lineTotal: units(line.lineTotalCents),
        allocated: supply.now,
        waiting: supply.backorder,
        dispatchDate: supply.now > 0 ? clock.inStockLeaves : null,
        backorderDue: supply.backorderDue,
        problem: line.problem?.kind ?? null,
      };
    }),
    subtotal: units(bill.totals.subtotalCents),
    shipping: units(bill.totals.shippingCents),
    tax: units(bill.totals.taxCents),
    total: units(bill.totals.totalCents),
  };
}

/** A quote: its lines with list and offered prices, and its bill once priced (null before). */
export function toApiQuote(quote: QuoteDetail): ApiQuote {
  const totals = quote.priced ? quote.totals : null;
  return {
    _id: quote.id,
    number: quote.number,
    status: quote.status,
    createdAt: quote.createdAt,
    sentAt: quote.sentAt,
    validUntil: quote.validUntil,
    note: quote.note,
    orderId: quote.orderId,
    lines: quote.lines.map((line) => ({
      itemId: line.itemId,
      partNumber: line.partNumber,
      name: line.name,
      quantity: line.quantity,
      listPrice: units(line.listPriceCents),
      quotedPrice: quote.priced && line.quotedPriceCents !== null ? units(line.quotedPriceCents) : null,
      lineTotal: units(line.lineTotalCents),
    })),
    subtotal: totals && units(totals.subtotalCents),
    shipping: totals && units(totals.shippingCents),
    tax: totals && units(totals.taxCents),
    total: totals && units(totals.totalCents),
  };
}

type InvoiceRow = {
  number: string;
  kind: InvoiceKind;
  order_id: number;
  issued_at: string;
  due_on: string | null;
  paid_at: string | null;
  po_number: string | null;
  total_cents: number;
};

/** A document's addresses: in the API (and its XML there), and its PDF for a browser. */
function invoiceLinks(number: string) {
  const base = appUrl();
  return {
    self: `${base}/api/invoice/${number}`,
    xml: `${base}/api/invoice/${number}.xml`,
    pdf: `${base}${invoiceFileHref(number, "pdf")}`,
  };
}

export function toApiInvoiceSummary(invoice: InvoiceRow & { creditsNumber: string | null }): ApiInvoiceSummary {
  return {
    number: invoice.number,
    kind: invoice.kind,
    orderId: invoice.order_id,
    issuedAt: invoice.issued_at,
    dueOn: invoice.due_on,
    paid: invoice.paid_at !== null,
    creditsNumber: invoice.creditsNumber,
    poNumber: invoice.po_number,
    total: units(invoice.total_cents),
    links: invoiceLinks(invoice.number),
  };
}

export function toApiInvoice(invoice: InvoiceDocument): ApiInvoice {
  return {
    ...toApiInvoiceSummary(invoice),
    currency: storeMoneyFormat().currency,
    goods: units(invoice.goods_cents),
    shipping: units(invoice.shipping_cents),
    taxRate: invoice.tax_rate_basis_points / 100,
    tax: units(invoice.tax_cents),
    lines: invoice.lines.map((line) => ({
      partNumber: line.part_number,
      name: line.item_name,
      quantity: line.quantity,
      unitPrice: units(line.unit_price_cents),
      lineTotal: units(line.line_total_cents),
      priceList: line.price_list_name,
    })),
  };
}
