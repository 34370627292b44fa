// What a new password may not be, beyond its length (docs/security.md, "Passwords"): one an attacker
// tries first. Server-only: the list is 49,233 passwords (380 KB), never sent to the browser.

export const COMMON_PASSWORD =
  "This password is one of the most common, so it is among the first an attacker tries. Choose another.";
export const PERSONAL_PASSWORD = "Your password must not contain your name or your email address.";
export const SIMPLE_PASSWORD =
  "Choose a password that is not one character repeated or a run such as abcdef or 654321.";

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The common and breached passwords of zxcvbn-ts's common dictionary (decision 43 says why this
 * list), read from the installed package on first use: no network call, ever. Lower case.
 */
function loadCommonPasswords() {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set((dictionary["passwords-common"] as string[]).map((word) => word.toLowerCase())),
  );
  return commonPasswords;
}

/** Reads the list ahead of the first sign-up (the server calls it at start): the read takes about 80 ms. */
export function preloadCommonPasswords() {
  void loadCommonPasswords();
}

/** One character over and over ("aaaaaa"), or a run up or down the alphabet or digits ("abcdef", "654321"). */
function isRepeatOrRun(password: string) {
  const codes = [...password.toLowerCase()].map((character) => character.codePointAt(0)!);
  const steps = new Set(codes.slice(1).map((code, index) => code - codes[index]));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]);
}

/** The words of the account's name and its email's local part that a password must not contain. */
function personalWords({ email, name }: { email: string; name?: string | null }) {
  const localPart = email.toLowerCase().split("@")[0];
  const nameWords = (name ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return [localPart, ...nameWords].filter((word) => word.length >= 3);
}

/**
 * Why this would be a poor new password for the account, or null: on the common list, one character
 * repeated or a run, or containing the email's local part or a word of the name (three letters or
 * more). Case is ignored throughout. Sign-up, reset and change all ask it.
 */
export async function passwordProblem(password: string, owner: { email: string; name?: string | null }) {
  const lowered = password.toLowerCase();
  if ((await loadCommonPasswords()).has(lowered)) return COMMON_PASSWORD;
  if (isRepeatOrRun(password)) return SIMPLE_PASSWORD;
  if (personalWords(owner).some((word) => lowered.includes(word))) return PERSONAL_PASSWORD;
  return null;
}
