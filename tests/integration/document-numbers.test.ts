import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { formatDocumentNumber, readDocumentNumber } from "~/lib/document-numbers";
import { addLinesToCart } from "~/models/cart";
import { takeDocumentNumber } from "~/models/document-numbers.server";
import { requestQuote } from "~/services/quotes.server";

import { newItem } from "../support/builders";
import { createSignedInUser } from "../support/users";

// Document numbers (decision 30): per kind and year, from 1, without gaps, taken inside the
// transaction that writes the document, whatever runs at the same time. Each test uses years of its
// own, so the counts it reads are its own.

function take(year: number) {
  return db.transaction().execute((trx) => takeDocumentNumber(trx, "quote", year));
}

class RolledBack extends Error {}

describe("document numbers", () => {
  test("count from 1 per year, written with the series' prefix and padding; a new year starts again", async () => {
    expect(await take(2031)).toEqual({ year: 2031, sequence: 1, number: "Q-2031-00001" });
    expect((await take(2031)).number).toBe("Q-2031-00002");
    expect((await take(2032)).number).toBe("Q-2032-00001");
    expect((await take(2031)).number).toBe("Q-2031-00003");
    expect(formatDocumentNumber("quote", 2031, 123_456)).toBe("Q-2031-123456");
  });

  test("a document that is not written gives its number back: the next one takes it", async () => {
    expect((await take(2033)).sequence).toBe(1);
    await expect(
      db.transaction().execute(async (trx) => {
        await takeDocumentNumber(trx, "quote", 2033);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect((await take(2033)).sequence).toBe(2);
  });

  test("40 documents at once, every fourth rolled back: the 30 written have 1 to 30, each once", async () => {
    const written: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        db
          .transaction()
          .execute(async (trx) => {
            const { sequence } = await takeDocumentNumber(trx, "quote", 2034);
            // Hold the number a moment, as a document's own writes would, so the others queue behind it.
            await new Promise((resolve) => setTimeout(resolve, 2));
            if (index % 4 === 3) throw new RolledBack();
            return sequence;
          })
          .then((sequence) => written.push(sequence))
          .catch((error) => {
            if (!(error instanceof RolledBack)) throw error;
          }),
      ),
    );
    expect(written.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    const row = await db
      .selectFrom("document_numbers")
      .selectAll()
      .where("kind", "=", "quote")
      .where("year", "=", 2034)
      .executeTakeFirstOrThrow();
    expect(row.last).toBe(30);
  });

  test("quotes take the year of the store's date: the count starts again on 1 January", async () => {
    const buyer = await createSignedInUser();
    const item = await newItem({ quantity: 100 });
    await addLinesToCart(buyer.user.id, [{ itemId: item.id, quantity: 5 }]);
    const at = async (iso: string) => {
      const created = await requestQuote(buyer.user.id, undefined, { now: new Date(iso) });
      if (!created.ok) throw new Error(created.reason);
      return created.number;
    };
    // London is on GMT in winter: 23:59 UTC on New Year's Eve is still the old year there.
    expect(await at("2035-12-31T23:59:00Z")).toBe("Q-2035-00001");
    expect(await at("2036-01-01T00:00:30Z")).toBe("Q-2036-00001");
    expect(await at("2036-01-01T09:00:00Z")).toBe("Q-2036-00002");
    expect(await at("2035-12-31T23:59:30Z")).toBe("Q-2035-00002");
  });

  test("a number is read as staff type it: whole, spaced, in lower case, or only its count", () => {
    expect(readDocumentNumber("quote", "Q-2026-00042")).toEqual({ year: 2026, sequence: 42 });
    expect(readDocumentNumber("quote", "q 2026 42")).toEqual({ year: 2026, sequence: 42 });
    expect(readDocumentNumber("quote", "2026-42")).toEqual({ year: 2026, sequence: 42 });
    expect(readDocumentNumber("quote", "#42")).toEqual({ sequence: 42 });
    expect(readDocumentNumber("quote", "Q42")).toEqual({ sequence: 42 });
    expect(readDocumentNumber("quote", "bearings")).toBeNull();
  });
});
