import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { ErrorList, Field, FormErrors, StatusButton } from "~/components/forms";
import { ResponsivePicture } from "~/components/item-card";
import { useZodForm } from "~/components/use-zod-form";
import { DOCUMENT_KINDS, DOCUMENT_TYPES, documentUrl, formatFileSize, type PictureSources } from "~/lib/media";
import type { DocumentView } from "~/models/media-reads.server";
import {
  AddDocumentSchema,
  AddPictureSchema,
  MAX_ALT_LENGTH,
  MAX_DOCUMENTS_PER_PART,
  MAX_PICTURES_PER_PART,
} from "~/validation/media";

type Reply = SubmissionResult<string[]> | undefined;

const PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/avif";
const DOCUMENT_ENDINGS = ".pdf,.step,.stp,.iges,.igs,.dxf,.stl";
const fileInputClass =
  "block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold aria-[invalid=true]:text-red-700";
const smallButton = "px-3 py-1 text-sm";

/** The reply of one of the media forms, by the intent it was posted with. */
export function replyFor(reply: Reply, intent: string) {
  return reply?.initialValue?.intent === intent ? reply : undefined;
}

/**
 * The edit page's pictures: each with its alt text (saved on its own), moved up or down (the first
 * is the main picture), or removed; and the upload form. Every control is a plain form post, so it
 * all works without JavaScript.
 */
export function PictureSection({
  itemId,
  pictures,
  reply,
}: {
  itemId: number;
  pictures: PictureSources[];
  reply: Reply;
}) {
  const [form, fields] = useZodForm(AddPictureSchema, {
    id: `add-picture-${itemId}`,
    lastResult: replyFor(reply, "add-picture"),
  });
  const altReply = replyFor(reply, "picture-alt");
  return (
    <section aria-labelledby="pictures-heading" className="mt-10 max-w-2xl border-t border-slate-200 pt-6">
      <h2 id="pictures-heading" className="text-xl font-semibold">
        Pictures
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The first is the part&apos;s main picture, on its page and in the catalog. Without any, the image address above
        is shown.
      </p>
      {pictures.length ? (
        <ol className="mt-4 space-y-4">
          {pictures.map((picture, index) => {
            const altErrors = altReply?.initialValue?.hash === picture.hash ? altReply.error?.alt : undefined;
            return (
              <li
                key={picture.hash}
                className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[8rem_1fr]"
              >
                <ResponsivePicture
                  picture={picture}
                  sizes="128px"
                  className="aspect-[4/3] w-32 rounded border border-slate-200 bg-white object-contain"
                />
                <Form method="post" className="space-y-2">
                  <input type="hidden" name="hash" value={picture.hash} />
                  <p className="text-sm font-semibold">{index === 0 ? "Main picture" : `Picture ${index + 1}`}</p>
                  <label htmlFor={`alt-${picture.hash}`} className="block text-sm font-medium text-slate-800">
                    Alt text
                  </label>
                  <input
                    id={`alt-${picture.hash}`}
                    name="alt"
                    defaultValue={picture.alt}
                    maxLength={MAX_ALT_LENGTH}
                    aria-invalid={altErrors?.length ? true : undefined}
                    aria-describedby={`alt-${picture.hash}-error`}
                    className="w-full rounded-md border border-slate-300 px-3 py-1.5 aria-[invalid=true]:border-red-600"
                  />
                  <ErrorList id={`alt-${picture.hash}-error`} errors={altErrors} />
                  <div className="flex flex-wrap gap-2">
                    <StatusButton name="intent" value="picture-alt" variant="secondary" className={smallButton}>
                      Save alt text
                    </StatusButton>
                    {index > 0 ? (
                      <StatusButton name="intent" value="move-picture-up" variant="secondary" className={smallButton}>
                        Move up<span className="sr-only"> picture {index + 1}</span>
                      </StatusButton>
                    ) : null}
                    {index < pictures.length - 1 ? (
                      <StatusButton name="intent" value="move-picture-down" variant="secondary" className={smallButton}>
                        Move down<span className="sr-only"> picture {index + 1}</span>
                      </StatusButton>
                    ) : null}
                    <StatusButton name="intent" value="remove-picture" variant="danger" className={smallButton}>
                      Remove<span className="sr-only"> picture {index + 1}</span>
                    </StatusButton>
                  </div>
                </Form>
              </li>
            );
          })}
        </ol>
      ) : null}
      {pictures.length < MAX_PICTURES_PER_PART ? (
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-3">
          <input type="hidden" name="intent" value="add-picture" />
          <div className="space-y-1">
            <label htmlFor={fields.image.id} className="block text-sm font-medium text-slate-800">
              Picture
            </label>
            <input
              {...getInputProps(fields.image, { type: "file" })}
              accept={PICTURE_TYPES}
              className={fileInputClass}
            />
            <p className="text-xs text-slate-600">JPEG, PNG, WebP or AVIF, at most 15 MB and 50 megapixels.</p>
            <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
          </div>
          <Field label="Alt text" meta={fields.alt} hint="What the picture shows, for people who cannot see it." />
          <FormErrors form={form} />
          <div>
            <StatusButton intent="add-picture" pendingText="Uploading…">
              Upload picture
            </StatusButton>
          </div>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-700">
          This part has the most pictures a part may have ({MAX_PICTURES_PER_PART}).
        </p>
      )}
    </section>
  );
}

/** The edit page's datasheets and CAD files: the list, each removable, and the upload form. */
export function DocumentSection({
  itemId,
  documents,
  reply,
}: {
  itemId: number;
  documents: DocumentView[];
  reply: Reply;
}) {
  const [form, fields] = useZodForm(AddDocumentSchema, {
    id: `add-document-${itemId}`,
    lastResult: replyFor(reply, "add-document"),
  });
  return (
    <section aria-labelledby="documents-heading" className="mt-10 max-w-2xl border-t border-slate-200 pt-6">
      <h2 id="documents-heading" className="text-xl font-semibold">
        Datasheets and CAD files
      </h2>
      {documents.length ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200">
          {documents.map((document) => (
            <li key={document.hash} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
              <span>
                <a href={documentUrl(document.hash, document.type)} className="break-all font-semibold underline">
                  {document.fileName}
                </a>{" "}
                <span className="text-sm text-slate-700">
                  {DOCUMENT_KINDS[document.kind]}, {DOCUMENT_TYPES[document.type].label},{" "}
                  {formatFileSize(document.byteSize)}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="hash" value={document.hash} />
                <StatusButton name="intent" value="remove-document" variant="danger" className={smallButton}>
                  Remove<span className="sr-only"> {document.fileName}</span>
                </StatusButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700">None yet.</p>
      )}
      {documents.length < MAX_DOCUMENTS_PER_PART ? (
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-3">
          <input type="hidden" name="intent" value="add-document" />
          <div className="space-y-1">
            <label htmlFor={fields.document.id} className="block text-sm font-medium text-slate-800">
              Datasheet or CAD file
            </label>
            <input
              {...getInputProps(fields.document, { type: "file" })}
              accept={DOCUMENT_ENDINGS}
              className={fileInputClass}
            />
            <p className="text-xs text-slate-600">
              A PDF datasheet, or a STEP, IGES, DXF or STL model, at most 25 MB. It is listed under its file name.
            </p>
            <ErrorList id={fields.document.errorId} errors={fields.document.errors} />
          </div>
          <FormErrors form={form} />
          <div>
            <StatusButton intent="add-document" pendingText="Uploading…">
              Upload document
            </StatusButton>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
