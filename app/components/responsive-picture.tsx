import {
  fallbackWidthOf,
  intrinsicSizeOf,
  pictureUrl,
  type PictureView,
  type PictureWidth,
  srcSetOf,
} from "~/lib/media";

/**
 * An uploaded picture: AVIF, then WebP, then JPEG for browsers that read neither, each a srcset of
 * the widths it was derived at, from which the browser takes the one `sizes` and the screen need.
 * Width and height are the picture's own, so the page keeps its place while it loads.
 */
export function ResponsivePicture({
  picture,
  sizes,
  largest,
  eager = false,
  alt = picture.alt,
  className,
}: {
  picture: PictureView;
  /** How wide the picture is shown, as the `sizes` attribute says it (media conditions and lengths). */
  sizes: string;
  /** The widest variant worth offering where it is shown (a card never needs the 1280). */
  largest?: PictureWidth;
  /** Loaded at once (the main picture, the first cards); everything else waits until it is near. */
  eager?: boolean;
  /** "" where a link beside it already says what it is (a card's picture). */
  alt?: string;
  className?: string;
}) {
  const { width, height } = intrinsicSizeOf(picture);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(picture, "avif", largest)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(picture, "webp", largest)} sizes={sizes} />
      <img
        src={pictureUrl(picture.hash, fallbackWidthOf(picture, 640), "jpeg")}
        srcSet={srcSetOf(picture, "jpeg", largest)}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding={eager ? undefined : "async"}
        className={className}
      />
    </picture>
  );
}
