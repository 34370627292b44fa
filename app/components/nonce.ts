import { createContext, useContext } from "react";

/** The per-request CSP nonce, handed from entry.server to every inline script Remix renders. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
