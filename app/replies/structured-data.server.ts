import { DOCUMENT_TYPES, documentUrl, pictureUrl, type PictureView } from "~/lib/media";
import type { MoneyFormat } from "~/lib/money";
import type { DocumentView } from "~/models/media-reads.server";

type ProductFacts = {
  id: number;
  name: string;
  part_number: string;
  description: string;
  img: string;
  price_cents: number;
  quantity: number;
};

type ProductMedia = { pictures?: PictureView[]; documents?: DocumentView[] };

/** A picture's largest JPEG, the one every reader of the page's data can show. */
function largestJpeg(picture: PictureView, origin: string) {
  return new URL(pictureUrl(picture.hash, picture.sizes[picture.sizes.length - 1].width, "jpeg"), origin).toString();
}

/**
 * schema.org Product for a part page, so search engines show its price, stock and pictures (every
 * uploaded one, main first, else its image address). Datasheets and CAD files are documents about
 * the product (`subjectOf`), as schema.org has no field of Product for them.
 */
export function productJsonLd(
  item: ProductFacts,
  { origin, money, pictures = [], documents = [] }: { origin: string; money: MoneyFormat } & ProductMedia,
) {
  const url = `${origin}/items/${item.id}`;
  const subjectOf = documents.map((document) => ({
    "@type": "DigitalDocument",
    name: document.fileName,
    url: new URL(documentUrl(document.hash, document.type), origin).toString(),
    encodingFormat: DOCUMENT_TYPES[document.type].contentType,
  }));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.name,
    sku: item.part_number,
    mpn: item.part_number,
    description: item.description,
    image: pictures.length
      ? pictures.map((picture) => largestJpeg(picture, origin))
      : [new URL(item.img, origin).toString()],
    url,
    ...(subjectOf.length ? { subjectOf } : {}),
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
