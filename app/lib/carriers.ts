// The carriers staff ship with, and where a buyer follows a parcel (issue 27). Shared by the staff's
// Ship form, its server-side check, the order pages and the mail that says an order left.

export type Carrier = {
  id: string;
  name: string;
  /** The carrier's own tracking page for a number; none for deliveries nobody tracks. */
  trackingUrl?: (trackingNumber: string) => string;
};

export const CARRIERS = [
  {
    id: "royal-mail",
    name: "Royal Mail",
    trackingUrl: (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${number}`,
  },
  {
    id: "parcelforce",
    name: "Parcelforce Worldwide",
    trackingUrl: (number) => `https://www.parcelforce.com/track-trace?trackNumber=${number}`,
  },
  { id: "dpd", name: "DPD", trackingUrl: (number) => `https://track.dpd.co.uk/parcels/${number}` },
  {
    id: "dhl",
    name: "DHL",
    trackingUrl: (number) => `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${number}`,
  },
  { id: "ups", name: "UPS", trackingUrl: (number) => `https://www.ups.com/track?tracknum=${number}` },
  { id: "fedex", name: "FedEx", trackingUrl: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}` },
  { id: "evri", name: "Evri", trackingUrl: (number) => `https://www.evri.com/track/parcel/${number}` },
  { id: "own-van", name: "Our own van" },
  { id: "collected", name: "Collected by the buyer" },
  { id: "other", name: "Another carrier" },
] as const satisfies readonly Carrier[];

export type CarrierId = (typeof CARRIERS)[number]["id"];

export const CARRIER_IDS = CARRIERS.map((carrier) => carrier.id) as [CarrierId, ...CarrierId[]];

export function carrierOf(id: string | null | undefined): Carrier | undefined {
  return CARRIERS.find((carrier) => carrier.id === id);
}

/** Whether a parcel sent this way has a number to follow: the Ship form asks for it then. */
export function carrierTracks(id: string) {
  return Boolean(carrierOf(id)?.trackingUrl);
}

/**
 * A tracking number as carriers print it: letters and digits, spaces and dashes dropped (a number
 * copied from a label often has them), upper case. 6 to 40 characters once cleaned.
 */
export const TRACKING_NUMBER = /^[A-Z0-9]{6,40}$/;

export function cleanTrackingNumber(typed: string) {
  return typed.replace(/[\s-]+/g, "").toUpperCase();
}

/** What a shipment says of how it travels: the carrier's name, its number and where to follow it. */
export function shipmentTracking(carrierId: string | null, trackingNumber: string | null) {
  const carrier = carrierOf(carrierId);
  if (!carrier) return null;
  return {
    carrier: carrier.name,
    trackingNumber,
    trackingUrl: trackingNumber && carrier.trackingUrl ? carrier.trackingUrl(encodeURIComponent(trackingNumber)) : null,
  };
}
