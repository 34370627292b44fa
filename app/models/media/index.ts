// Parts' pictures and documents, and the stored files behind them (migration 0025, decision 27).
// What pages and /media read is media-reads.server.ts's. Its entry points, each from the file that
// holds it:
//   attach.server.ts   attaching an uploaded picture or document to a part
//   links.server.ts    removing one, a picture's alt text and place, copying a part's to another
//   refs.server.ts     references by hash for the catalog file: reading parts' and replacing one's
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export type { AttachResult, MediaFieldRefusal, NewPicture, PictureVariantInput } from "./attach.server";
export { attachDocument, attachPicture } from "./attach.server";
export { copyMediaLinks, detachMedia, movePicture, setPictureAlt } from "./links.server";
export type { DocumentRef, PictureRef, ReplaceMediaResult } from "./refs.server";
export { documentRefsOf, pictureRefsOf, replaceItemDocuments, replaceItemPictures } from "./refs.server";
