import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

import { config } from "~/config/env.server";

// A message's one-time link (a password reset, a proof of address, an invitation) acts for whoever
// holds it, so the outbox never keeps it in clear (decision 43): the body carries a marker where the
// token goes, and the token is kept beside it sealed with a key derived from SESSION_SECRET, which
// lives outside the database and its backups. The sender fills the marker in as the message leaves,
// and the sealed token is removed once it has gone.

/** Stands for the token in a stored message's links; URL-safe, so it needs no escaping in them. */
export const ONE_TIME_TOKEN_MARKER = "~one-time-token~";

const SEAL_VERSION = "v1";
const keys = new Map<string, Buffer>();

function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", "storefront outbox one-time link", 32));
    keys.set(secret, key);
  }
  return key;
}

/** The token sealed (AES-256-GCM) with the newest of SESSION_SECRET's secrets. */
export function sealLinkToken(token: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(config().sessionSecrets[0]), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [SEAL_VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The token again, or null when none of SESSION_SECRET's secrets sealed it (or it was altered). */
export function openLinkToken(sealed: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== SEAL_VERSION || !iv || !body || !tag) return null;
  for (const secret of config().sessionSecrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      // Sealed with another of the listed secrets, or not by us at all.
    }
  }
  return null;
}

/** A stored body with its link's token in place, as it is sent. */
export function withLinkToken(body: string, token: string) {
  return body.replaceAll(ONE_TIME_TOKEN_MARKER, token);
}

export function hasLinkMarker(body: string) {
  return body.includes(ONE_TIME_TOKEN_MARKER);
}
