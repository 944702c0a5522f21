/**
 * A pause before each measured opening. A round's new browser context starts its renderer, and the last round's is
 * still being torn down (it held a large graph) when `context.close()` returns: measured at once, an opening
 * competed with that work for the machine's two cores, which added 0.2–0.6 s (and most of the spread between rounds)
 * that was the benchmark's, not the page's. A person opening the editor is not closing a 1,000-node tab meanwhile.
 */
export const SETTLE_MS = 1000

export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
}
