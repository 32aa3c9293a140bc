import { createContext, useContext } from "react";

/** The CSP nonce of the server render; empty in the browser, where the scripts are already trusted. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
