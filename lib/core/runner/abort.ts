/**
 * Cancellation helpers: every await on a model or tool goes through these, so an aborted signal ends
 * the wait at once even when the callee ignores the signal. Listeners are removed when the wait settles
 * (one long-lived signal must not collect a listener per call).
 */
import { AbortError } from '../errors'

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof AbortError ? signal.reason : new AbortError()
}

export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) {
    promise.catch(() => {})
    return Promise.reject(abortReason(signal))
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(signal.aborted ? abortReason(signal) : error)
      },
    )
  })
}

/** Iterates `source`, ending with an AbortError as soon as the signal fires; closes the source on exit. */
export async function* abortableIterable<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
  if (!signal) {
    yield* source
    return
  }
  const iterator = source[Symbol.asyncIterator]()
  let finished = false
  try {
    while (true) {
      const step = await abortable(iterator.next(), signal)
      if (step.done) {
        finished = true
        return
      }
      yield step.value
    }
  } finally {
    if (!finished) void Promise.resolve(iterator.return?.()).catch(() => {})
  }
}
