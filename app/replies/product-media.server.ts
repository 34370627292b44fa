import { data } from "@remix-run/node";
import type { z } from "zod";

import { detachMedia, movePicture, setPictureAlt } from "~/models/media";
import { uploadDocument, uploadPicture } from "~/services/media-upload.server";
import type { mediaFormSchemas } from "~/validation/media";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

// The product edit page's picture and document forms, after formAction has checked who posts and
// parsed the form: each intent's work and answer. A refused upload comes back beside its field
// with a 400; everything else redirects to the page with a message, with JavaScript or without.

export type MediaFormValue = z.output<(typeof mediaFormSchemas)[number]>;

const MEDIA_INTENTS = new Set<string>([
  "add-picture",
  "add-document",
  "picture-alt",
  "move-picture-up",
  "move-picture-down",
  "remove-picture",
  "remove-document",
]);

export function isMediaIntent(value: { intent: string }): value is MediaFormValue {
  return MEDIA_INTENTS.has(value.intent);
}

const GONE = "That file is no longer on this part: the page shows what it has now.";

export async function runMediaIntent(itemId: number, value: MediaFormValue, missingPart: string) {
  const back = (message: string, kind: "success" | "error" = "success") =>
    redirectWithFlash(`/dashboard/manage-product/${itemId}`, { kind, message });
  const partGone = () => {
    throw data(missingPart, { status: 404 });
  };

  switch (value.intent) {
    case "add-picture": {
      const uploaded = await uploadPicture(itemId, value.image, value.alt);
      if (uploaded.ok) return back(uploaded.added ? "Picture added." : "This part already shows this picture.");
      if (uploaded.reason === "not-found") return partGone();
      return refuse(400, { fieldErrors: { image: [uploaded.message] } });
    }
    case "add-document": {
      const uploaded = await uploadDocument(itemId, value.document);
      if (uploaded.ok) return back(uploaded.added ? `${uploaded.label} added.` : "This part already has this file.");
      if (uploaded.reason === "not-found") return partGone();
      return refuse(400, { fieldErrors: { document: [uploaded.message] } });
    }
    case "picture-alt": {
      const saved = await setPictureAlt(itemId, value.hash, value.alt);
      return saved.ok ? back("Alt text saved.") : back(GONE, "error");
    }
    case "move-picture-up":
    case "move-picture-down": {
      const moved = await movePicture(itemId, value.hash, value.intent === "move-picture-up" ? "up" : "down");
      if (!moved.ok) return back(GONE, "error");
      return back(moved.moved ? "Picture moved." : "The picture is already at that end.");
    }
    case "remove-picture": {
      const removed = await detachMedia("item_pictures", itemId, value.hash);
      return removed.ok ? back("Picture removed.") : back(GONE, "error");
    }
    case "remove-document": {
      const removed = await detachMedia("item_documents", itemId, value.hash);
      return removed.ok ? back("Document removed.") : back(GONE, "error");
    }
  }
}
