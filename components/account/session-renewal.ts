/**
 * A session that ended while a page was open (idle or absolute limit, lib/server/auth/session-lifetime.ts) is
 * renewed in place: the API client asks here when an answer is 401, the signed-in layout's dialog asks the person
 * for their password, and the request that met the 401 is sent again. Nothing navigates, so the editor's unsaved
 * work and every open form stay as they were. Requests that meet the 401 together wait on one dialog.
 */

/** Shows the dialog; `finish(true)` once signed in again, `finish(false)` when the person declines. */
export type RenewalPrompt = (finish: (renewed: boolean) => void) => void

let prompt: RenewalPrompt | null = null
let pending: Promise<boolean> | null = null

/** The dialog registers itself while mounted (only signed-in pages have it); returns the unregistration. */
export function registerRenewalPrompt(show: RenewalPrompt): () => void {
  prompt = show
  return () => {
    if (prompt === show) prompt = null
  }
}

/** True once the person signed in again; false without a dialog (pages outside the app) or when they declined. */
export function renewSession(): Promise<boolean> {
  const show = prompt
  if (!show) return Promise.resolve(false)
  if (pending) return pending
  // The dialog may finish at once (inside show): then there is nothing to wait on, and nothing is left pending.
  let finished = false
  const current: { asked?: Promise<boolean> } = {}
  current.asked = new Promise<boolean>((resolve) =>
    show((renewed) => {
      finished = true
      if (pending !== null && pending === current.asked) pending = null
      resolve(renewed)
    }),
  )
  if (!finished) pending = current.asked
  return current.asked
}

/** Answers that mean "your session is over" rather than "these credentials are wrong" (sign-in's own 401s). */
export function meansSessionEnded(url: string, status: number): boolean {
  if (status !== 401) return false
  const path = url.startsWith('/') ? url : safePath(url)
  return path !== null && !path.startsWith('/api/auth/')
}

function safePath(url: string): string | null {
  try {
    return new URL(url).pathname
  } catch {
    return null
  }
}
