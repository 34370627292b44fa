import type { Generated } from "kysely";

import type { CountryCode } from "~/lib/addresses";

import type { Timestamp } from "./common";

/** A postal address in an account's address book or its company's (migrations 0037, 0038): one owner. */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number | null;
  company_id: number | null;
  /** Whom it is for. */
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  town: string;
  /** A UK postcode as cleanUkPostcode writes it ("S3 8RA"); as typed elsewhere. */
  postcode: string;
  country: CountryCode;
  phone: string | null;
  /** 1 for the book's one default billing address. */
  default_billing: Generated<number>;
  /** 1 for the book's one default delivery address. */
  default_delivery: Generated<number>;
  created_at: Timestamp;
}
