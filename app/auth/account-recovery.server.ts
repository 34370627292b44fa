import type { EndedCredentials } from "~/models/credentials.server";

/**
 * What the page says when the owner of an address took back an account made (or moved) there before
 * the address was proven theirs: what ended, and how they choose a password of their own.
 */
export function recoveredMessage(
  ended: EndedCredentials,
  { how, choosePassword }: { how: string; choosePassword: "now" | "when you want one" },
) {
  const keys = ended.apiKeysRevoked ? `, revoked its ${ended.apiKeysRevoked === 1 ? "API key" : "API keys"}` : "";
  const next =
    choosePassword === "now"
      ? "Choose a password of your own now."
      : "Choose a password of your own with “Forgot password?” when you want one.";
  return (
    `${how} This account was made before its email address was proven to be yours, so we signed out every ` +
    `device that was signed in to it${keys} and removed its password. ${next}`
  );
}
