import { ResponsivePicture } from "~/components/item-card";
import { DOCUMENT_KINDS, DOCUMENT_TYPES, documentUrl, formatFileSize, type PictureSources } from "~/lib/media";
import type { DocumentView } from "~/models/media-reads.server";

/** The main picture is the left column from 768 px (half of at most 1120 px), the whole width below. */
const MAIN_SIZES = "(min-width: 1152px) 544px, (min-width: 768px) calc(50vw - 32px), calc(100vw - 32px)";
/** The others are a row of four beside it, three on a phone. */
const GALLERY_SIZES = "(min-width: 1152px) 128px, (min-width: 768px) 12vw, 31vw";

/**
 * A part's pictures: the main one large and loaded at once (it is the page's largest paint), the
 * others a small gallery loaded as it comes near, each linking to its largest JPEG. A part with no
 * uploaded picture shows its image address as before.
 */
export function ProductPictures({ name, img, pictures }: { name: string; img: string; pictures: PictureSources[] }) {
  const [main, ...others] = pictures;
  const frame = "aspect-[4/3] w-full rounded-lg border border-slate-200 bg-white object-contain";
  if (!main) {
    return <img src={img} alt={name} width={800} height={600} className={`${frame} bg-slate-100 object-cover`} />;
  }
  return (
    <div>
      <ResponsivePicture
        picture={main}
        alt={main.alt || name}
        sizes={MAIN_SIZES}
        eager
        largestPaint
        className={frame}
      />
      {others.length ? (
        <ul aria-label="More pictures" className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4">
          {others.map((picture) => (
            <li key={picture.hash}>
              <a href={picture.full} className="block">
                <ResponsivePicture
                  picture={picture}
                  sizes={GALLERY_SIZES}
                  className="aspect-square w-full rounded-md border border-slate-200 bg-white object-contain"
                />
                <span className="sr-only">
                  (larger, {picture.width} × {picture.height} pixels)
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A part's datasheets and CAD files: kind, name and size, each a download. */
export function ProductDocuments({ documents }: { documents: DocumentView[] }) {
  if (!documents.length) return null;
  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="mt-8 text-xl font-semibold">
        Datasheets and CAD files
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
        {documents.map((document) => (
          <li key={document.hash} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
            <a
              href={documentUrl(document.hash, document.type)}
              download={document.fileName}
              className="break-all font-semibold text-orange-800 underline"
            >
              {document.fileName}
            </a>
            <span className="text-sm text-slate-700">
              {DOCUMENT_KINDS[document.kind]}, {DOCUMENT_TYPES[document.type].label},{" "}
              {formatFileSize(document.byteSize)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
