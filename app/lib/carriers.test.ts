import { describe, expect, test } from "vitest";

import { CARRIERS, carrierTracks, cleanTrackingNumber, shipmentTracking, TRACKING_NUMBER } from "./carriers";

describe("carriers", () => {
  test("every tracked carrier's page is https on the carrier's own site and carries the number", () => {
    for (const carrier of CARRIERS) {
      if (!("trackingUrl" in carrier)) continue;
      const url = new URL(carrier.trackingUrl("AB123456789GB"));
      expect(url.protocol, carrier.id).toBe("https:");
      expect(url.href, carrier.id).toContain("AB123456789GB");
    }
    expect(CARRIERS.filter((carrier) => carrierTracks(carrier.id)).map((carrier) => carrier.id)).toEqual([
      "royal-mail",
      "parcelforce",
      "dpd",
      "dhl",
      "ups",
      "fedex",
      "evri",
    ]);
  });

  test("a number is cleaned as a label prints it, and then only letters and digits pass", () => {
    expect(cleanTrackingNumber(" 1z 999-aa1 01234 56784 ")).toBe("1Z999AA10123456784");
    expect(TRACKING_NUMBER.test(cleanTrackingNumber("1Z 999 AA1 01234 56784"))).toBe(true);
    for (const refused of ["12345", "AB/123456", "AB<12345>", "A".repeat(41)]) {
      expect(TRACKING_NUMBER.test(cleanTrackingNumber(refused)), refused).toBe(false);
    }
  });

  test("what a shipment shows: the carrier's name, and a link only where the carrier tracks", () => {
    expect(shipmentTracking("evri", "H01ABC1234567890")).toEqual({
      carrier: "Evri",
      trackingNumber: "H01ABC1234567890",
      trackingUrl: "https://www.evri.com/track/parcel/H01ABC1234567890",
    });
    expect(shipmentTracking("other", "XYZ123456")).toEqual({
      carrier: "Another carrier",
      trackingNumber: "XYZ123456",
      trackingUrl: null,
    });
    // Shipments from before carriers were recorded, or a carrier since retired, show nothing.
    expect(shipmentTracking(null, null)).toBeNull();
    expect(shipmentTracking("zeppelin", "123456")).toBeNull();
  });
});
