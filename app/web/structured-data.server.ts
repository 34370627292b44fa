import type { MoneyFormat } from "~/lib/money";

type ProductFacts = {
  id: number;
  name: string;
  part_number: string;
  description: string;
  img: string;
  price_cents: number;
  quantity: number;
};

/** schema.org Product for a part page, so search engines show its price and stock. */
export function productJsonLd(item: ProductFacts, { origin, money }: { origin: string; money: MoneyFormat }) {
  const url = `${origin}/items/${item.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.name,
    sku: item.part_number,
    mpn: item.part_number,
    description: item.description,
    image: new URL(item.img, origin).toString(),
    url,
    offers: {
      "@type": "Offer",
      url,
      price: (item.price_cents / 100).toFixed(2),
      priceCurrency: money.currency,
      availability: item.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped, so no text can close the element. */
export function jsonForScript(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
