import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server and read by the document's scripts. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
