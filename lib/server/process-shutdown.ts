/**
 * What a process of the app does on SIGINT/SIGTERM: runs its stop steps (the run worker gives its
 * runs back to the queue, so another worker resumes them at once instead of after their lease
 * lapses), then exits with the signal's conventional code. A second signal while stopping exits at
 * once. Used by `npm run worker`, by the web process (instrumentation.ts) and by the test hosts.
 */

/** Long enough for a step that is nearly done to finish; short of Docker's 10 s before SIGKILL. */
export const SHUTDOWN_GRACE_MS = 5_000

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const

export interface ShutdownOptions {
  /** Each step runs once, in order; a failing step is logged and the next one still runs. */
  steps: readonly (() => Promise<void>)[]
  exit?: (code: number) => void
  logger?: Pick<Console, 'error'>
}

/** Installs the handlers; returns a function that removes them (for tests). */
export function stopOnSignals({ steps, exit = (code) => process.exit(code), logger = console }: ShutdownOptions): () => void {
  let stopping = false
  const onSignal = (signal: keyof typeof EXIT_CODES) => {
    if (stopping) return exit(EXIT_CODES[signal])
    stopping = true
    void (async () => {
      for (const step of steps) {
        await step().catch((error: unknown) => logger.error(`[shutdown] ${error instanceof Error ? error.message : String(error)}`))
      }
      exit(EXIT_CODES[signal])
    })()
  }
  const handlers = (Object.keys(EXIT_CODES) as (keyof typeof EXIT_CODES)[]).map((signal) => {
    const handler = () => onSignal(signal)
    process.on(signal, handler)
    return () => process.off(signal, handler)
  })
  return () => handlers.forEach((remove) => remove())
}
