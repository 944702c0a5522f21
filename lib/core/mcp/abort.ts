/**
 * Abort helpers. The SDK adds an abort listener to the signal of every request and never removes
 * it, so a long-lived caller signal must never be handed to it directly: each request gets a
 * child signal whose link to the parent is removed when the request settles.
 */

export interface ScopedSignal {
  signal: AbortSignal | undefined
  dispose(): void
}

const NOTHING_TO_DISPOSE: ScopedSignal = { signal: undefined, dispose: () => {} }

export function scopedSignal(parent: AbortSignal | undefined): ScopedSignal {
  if (!parent) return NOTHING_TO_DISPOSE
  const controller = new AbortController()
  if (parent.aborted) {
    controller.abort(parent.reason)
    return { signal: controller.signal, dispose: () => {} }
  }
  const forward = (): void => controller.abort(parent.reason)
  parent.addEventListener('abort', forward, { once: true })
  return { signal: controller.signal, dispose: () => parent.removeEventListener('abort', forward) }
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

/** Settles with `promise`, or rejects with the signal's reason when it aborts first. */
export function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/** A signal that fires after `ms`; `expired` tells a deadline apart from other aborts. */
export class Deadline {
  private readonly controller = new AbortController()
  private readonly timer: ReturnType<typeof setTimeout>
  expired = false

  constructor(readonly ms: number) {
    this.timer = setTimeout(() => {
      this.expired = true
      this.controller.abort(new DeadlineExpired(ms))
    }, ms)
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  dispose(): void {
    clearTimeout(this.timer)
  }
}

export class DeadlineExpired extends Error {
  constructor(readonly ms: number) {
    super(`Deadline of ${ms}ms expired.`)
    this.name = 'DeadlineExpired'
  }
}

/** One signal that fires when any of the given ones does (undefined entries are ignored). */
export function anySignal(...signals: Array<AbortSignal | undefined>): { signal: AbortSignal | undefined; dispose(): void } {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined)
  if (present.length === 0) return { signal: undefined, dispose: () => {} }
  if (present.length === 1) return { signal: present[0], dispose: () => {} }
  const controller = new AbortController()
  const unlinks: Array<() => void> = []
  for (const signal of present) {
    if (signal.aborted) {
      controller.abort(signal.reason)
      break
    }
    const forward = (): void => controller.abort(signal.reason)
    signal.addEventListener('abort', forward, { once: true })
    unlinks.push(() => signal.removeEventListener('abort', forward))
  }
  return { signal: controller.signal, dispose: () => unlinks.forEach((unlink) => unlink()) }
}
