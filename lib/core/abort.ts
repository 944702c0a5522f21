/**
 * Waiting with a signal, for the whole framework: every await on a model, a tool or a server goes
 * through these, so an aborted signal ends the wait at once even when the callee ignores it.
 * Listeners are removed when the wait settles: one long-lived signal must not collect a listener
 * per call. (The MCP layer's per-request signals for the SDK are in mcp/request-signals.ts.)
 */
import { AbortError } from './errors'

/** The signal's own reason, whatever it is: a deadline's reason tells it apart from a cancel. */
const ownReason = (signal: AbortSignal): unknown => signal.reason

/** An AbortError: the reason when it is one, else a fresh one. */
const asAbortError = (signal: AbortSignal): Error => (signal.reason instanceof AbortError ? signal.reason : new AbortError())

/**
 * Settles with `promise`, or rejects with `reasonOf(signal)` (default: the signal's reason) when
 * the signal aborts first. Once the signal has fired, a late rejection of `promise` is reported as
 * the abort (it is most likely its consequence) and a rejection nobody awaits any more is handled.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined, reasonOf: (signal: AbortSignal) => unknown = ownReason): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) {
    promise.catch(() => {})
    return Promise.reject(reasonOf(signal))
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reasonOf(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(signal.aborted ? reasonOf(signal) : error)
      },
    )
  })
}

/** raceAbort for the agent loop: an abort always surfaces as an AbortError. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return raceAbort(promise, signal, asAbortError)
}

/**
 * Iterates `source`, ending with an AbortError as soon as the signal fires; closes the source on exit. An iterator
 * written out, not a generator: every chunk of a model's stream passes through it, and a generator layer costs
 * promises per value (four here, against the one its race needs).
 */
export function abortableIterable<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncIterable<T> {
  if (!signal) return source
  return { [Symbol.asyncIterator]: () => new AbortableIterator(source[Symbol.asyncIterator](), signal) }
}

const FINISHED: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined })

class AbortableIterator<T> implements AsyncIterator<T, undefined> {
  private closed = false

  constructor(
    private readonly source: AsyncIterator<T>,
    private readonly signal: AbortSignal,
  ) {}

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.closed) return Promise.resolve(FINISHED)
    const signal = this.signal
    if (signal.aborted) {
      this.close()
      return Promise.reject(asAbortError(signal))
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.close()
        reject(asAbortError(signal))
      }
      signal.addEventListener('abort', onAbort, { once: true })
      this.source.next().then(
        (step) => {
          signal.removeEventListener('abort', onAbort)
          if (step.done) this.closed = true
          resolve(step.done ? FINISHED : step)
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort)
          this.close()
          reject(signal.aborted ? asAbortError(signal) : error)
        },
      )
    })
  }

  /** The consumer stopped early: the source is closed, not waited for (it may be stuck in the call being abandoned). */
  return(): Promise<IteratorResult<T, undefined>> {
    this.close()
    return Promise.resolve(FINISHED)
  }

  private close(): void {
    if (this.closed) return
    this.closed = true
    try {
      void Promise.resolve(this.source.return?.()).catch(() => {})
    } catch {
      // A source whose return() throws is closed as far as this iterator is concerned.
    }
  }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
