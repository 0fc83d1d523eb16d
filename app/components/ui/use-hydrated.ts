import { useEffect, useState } from "react";

/** False on the server and in the first render, true once JavaScript runs: what only scripts can do waits for it. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
