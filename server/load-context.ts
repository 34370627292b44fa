/**
 * What the production server hands every loader and action (server/app.ts builds it per request).
 * Tests that call a route module directly pass `{}`: every field is optional and has a safe meaning
 * when missing.
 */
export type StorefrontLoadContext = {
  /** The client's address: the socket's peer, or the proxy-reported one when TRUST_PROXY says so. */
  clientAddress?: string;
  /** The id the access log and the X-Request-Id header carry for this request. */
  requestId?: string;
};

declare module "@remix-run/node" {
  // An interface merge is how Remix types the context.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StorefrontLoadContext {}
}
