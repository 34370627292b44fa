import { AddToCartForm } from "~/components/add-to-cart";
import { AppLink } from "~/components/app-link";
import { useExclTax, useFormatPrice } from "~/components/use-money";
import type { PictureSources } from "~/lib/media";
import type { ItemListing } from "~/models/item";

/**
 * A card's part, with its main uploaded picture when it has one (withMainPictures, one query a page),
 * and when it leaves (withDispatch).
 */
type Item = ItemListing & {
  picture?: PictureSources | null;
  dispatch: string;
  orderable: boolean;
  /** A signed-in buyer's contract price at the part's minimum order, where a price list of theirs gives one. */
  your_price_cents?: number | null;
};

/** Cards are half the screen on a phone and a third of the page (at most 360 px) from 1024 px up. */
const CARD_PICTURE_SIZES = "(min-width: 1152px) 360px, (min-width: 1024px) 31vw, 50vw";
const cardPictureClass = "aspect-[4/3] w-full bg-slate-100 object-cover";

/**
 * Card titles sit one level below the section they are listed in: h3 under the home page's h2,
 * h2 under the catalog's h1.
 */
type HeadingLevel = 2 | 3;

export function ItemCard({
  item,
  eager = false,
  headingLevel = 3,
  returnTo,
}: {
  item: Item;
  eager?: boolean;
  headingLevel?: HeadingLevel;
  returnTo?: string;
}) {
  const formatPrice = useFormatPrice();
  const exclTax = useExclTax();
  const inStock = item.quantity > 0;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {/* The picture and the name lead to the part's page; one link for both, one tab stop. */}
      <AppLink to={`/items/${item.id}`} tabIndex={-1} aria-hidden>
        {item.picture ? (
          <ResponsivePicture
            picture={item.picture}
            alt=""
            sizes={CARD_PICTURE_SIZES}
            eager={eager}
            className={cardPictureClass}
          />
        ) : (
          <img
            src={item.img}
            alt=""
            width={800}
            height={600}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className={cardPictureClass}
          />
        )}
      </AppLink>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <Heading className="text-base font-semibold sm:text-lg">
          <AppLink to={`/items/${item.id}`} className="hover:underline">
            {item.name}
          </AppLink>
        </Heading>
        <p className="break-all font-mono text-xs text-slate-600">
          <span className="sr-only">Part number </span>
          {item.part_number}
        </p>
        <p className="hidden text-sm text-slate-700 sm:line-clamp-3">{item.description}</p>
        <dl className="mt-auto grid grid-cols-1 gap-x-2 text-sm sm:grid-cols-2 sm:gap-y-1">
          <dt className="text-slate-600">Quantity Available</dt>
          <dd className="mb-1 font-medium sm:mb-0 sm:text-right">{inStock ? item.quantity : "Out of stock"}</dd>
          <dt className="text-slate-600">Supplier Name</dt>
          <dd className="mb-1 break-words font-medium sm:mb-0 sm:text-right">{item.supplier_name}</dd>
          <dt className="text-slate-600">Price/unit</dt>
          <dd className="font-medium sm:text-right">
            {item.your_price_cents != null ? (
              <span data-testid="your-price">
                Your price {formatPrice(item.your_price_cents)}{" "}
                <span className="block text-xs font-normal text-slate-600">
                  list <s>{formatPrice(item.price_cents)}</s> {exclTax}
                </span>
              </span>
            ) : (
              <>
                {formatPrice(item.price_cents)} <span className="text-xs font-normal text-slate-600">{exclTax}</span>
              </>
            )}
          </dd>
        </dl>
        {item.orderable ? (
          <p className="text-sm font-medium text-slate-800" data-testid="dispatch">
            {item.dispatch}
          </p>
        ) : null}
        {item.orderable ? (
          <AddToCartForm item={item} compact returnTo={returnTo} />
        ) : (
          <p className="mt-3 rounded-md border border-slate-300 px-4 py-2 text-center text-sm text-slate-700">
            Out of stock
          </p>
        )}
      </div>
    </article>
  );
}

export function ItemGrid({
  items,
  emptyText,
  priorityCount = 0,
  headingLevel = 3,
  returnTo,
}: {
  items: Item[];
  emptyText?: string;
  priorityCount?: number;
  headingLevel?: HeadingLevel;
  /** The page's canonical URL for each card's Add to Cart to come back to (AddToCartForm). */
  returnTo?: string;
}) {
  if (items.length === 0) return emptyText ? <p className="mt-6 text-slate-600">{emptyText}</p> : null;
  return (
    <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
      {items.map((item, index) => (
        <ItemCard
          key={item.id}
          item={item}
          eager={index < priorityCount}
          headingLevel={headingLevel}
          returnTo={returnTo}
        />
      ))}
    </div>
  );
}

/**
 * An uploaded picture: AVIF, then WebP, then JPEG for browsers that read neither, each a srcset of
 * the widths it was derived at, from which the browser takes the one `sizes` and the screen need.
 * Width and height are the picture's own, so the page keeps its place while it loads. The
 * addresses come from the loader (pictureSources in app/lib/media.ts). It lives beside the cards: on
 * the home page a module of its own would be another request and more of its JavaScript budget.
 */
export function ResponsivePicture({
  picture,
  sizes,
  eager = false,
  largestPaint = false,
  alt = picture.alt,
  className,
}: {
  picture: PictureSources;
  /** How wide the picture is shown, as the `sizes` attribute says it (media conditions and lengths). */
  sizes: string;
  /** Loaded at once (the main picture, the first cards); everything else waits until it is near. */
  eager?: boolean;
  /**
   * The page's largest paint (a product's main picture): asked for before the page's scripts, which
   * are otherwise fetched first and would hold the paint back behind their work.
   */
  largestPaint?: boolean;
  /** "" where a link beside it already says what it is (a card's picture). */
  alt?: string;
  className?: string;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avif} sizes={sizes} />
      <source type="image/webp" srcSet={picture.webp} sizes={sizes} />
      <img
        src={picture.src}
        srcSet={picture.jpeg}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding={eager ? undefined : "async"}
        // React 18 passes only the lowercase attribute through to the HTML.
        {...(largestPaint ? { fetchpriority: "high" } : {})}
        className={className}
      />
    </picture>
  );
}
