/**
 * A part number as a search compares it: lower case, letters and digits only, so "GW SG M1 20",
 * "gw-sg-m1-20" and "gwsgm120" are all GW-SG-M1-20.
 */
export function partNumberKey(partNumber: string) {
  return partNumber.toLowerCase().replace(/[^a-z0-9]/g, "");
}
