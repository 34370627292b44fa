import { storeMoneyFormat } from "~/config/env.server";
import { decimalAmount } from "~/lib/money";

import { type TransferredLine, UNIT_OF_MEASURE } from "./cxml.server";

// The cart going back to SAP as OCI's NEW_ITEM-* fields (OCI 4.0, which 5.0 keeps): one value per
// line and field, at the lengths SAP's catalog interface takes (docs/decisions/0051-punchout.md).

/** SAP's field lengths: a longer value is cut by SAP, or refused; ours are cut here, visibly. */
export const OCI_FIELD_LENGTHS = {
  DESCRIPTION: 40,
  MATNR: 40,
  MATGROUP: 10,
  QUANTITY: 15,
  UNIT: 3,
  PRICE: 15,
  PRICEUNIT: 9,
  CURRENCY: 5,
  LEADTIME: 5,
  VENDORMAT: 40,
  MANUFACTMAT: 40,
  EXT_PRODUCT_ID: 40,
  EXT_SCHEMA_TYPE: 10,
  EXT_CATEGORY_ID: 60,
  CUST_FIELD1: 10,
} as const;

type OciField = keyof typeof OCI_FIELD_LENGTHS;

/** A text cut to `length` characters, its last one an ellipsis when something was left out. */
function cut(text: string, length: number) {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/**
 * Each line's fields. PRICE is always for one piece, with PRICEUNIT 1 said outright: SAP reads a
 * missing PRICEUNIT as 1, and a supplier that sends a price per 100 without saying so bills a
 * hundred times over (the "price-unit trap"). Our prices are whole pence, so one piece is exact.
 * MATNR is the buyer's own material number where they keep one with us; VENDORMAT is ours.
 */
export function ociItemFields(lines: readonly TransferredLine[], sessionReference: string): [string, string][] {
  const { currency } = storeMoneyFormat();
  const fields: [string, string][] = [];
  lines.forEach((line, index) => {
    const number = index + 1;
    const values: Partial<Record<OciField, string>> = {
      DESCRIPTION: line.name,
      MATNR: line.buyerPartNumber ?? "",
      MATGROUP: line.unspsc ?? "",
      QUANTITY: String(line.quantity),
      UNIT: UNIT_OF_MEASURE,
      PRICE: decimalAmount(line.unitPriceCents),
      PRICEUNIT: "1",
      CURRENCY: currency,
      LEADTIME: String(line.leadTimeDays),
      VENDORMAT: line.partNumber,
      MANUFACTMAT: line.partNumber,
      EXT_PRODUCT_ID: line.partNumber,
      EXT_SCHEMA_TYPE: line.unspsc ? "UNSPSC" : "",
      EXT_CATEGORY_ID: line.unspsc ?? "",
      CUST_FIELD1: sessionReference,
    };
    for (const [field, value] of Object.entries(values) as [OciField, string][]) {
      if (value) fields.push([`NEW_ITEM-${field}[${number}]`, cut(value, OCI_FIELD_LENGTHS[field])]);
    }
    // The whole name, when DESCRIPTION had to be cut: OCI's long text takes 132 characters a row.
    if (line.name.length > OCI_FIELD_LENGTHS.DESCRIPTION) fields.push([`NEW_ITEM-LONGTEXT_${number}:132[]`, line.name]);
  });
  return fields;
}
