/**
 * The signals MCP requests carry: a per-request signal that follows the caller's, a deadline, and one signal for
 * several (waiting with a signal in general is ../abort.ts). The SDK adds an abort listener to the signal of every
 * request and never removes it, so a long-lived caller signal must never be handed to it directly: each request
 * gets a signal of its own whose link to the caller's is removed when the request settles.
 */

export interface ScopedSignal {
  signal: AbortSignal | undefined
  dispose(): void
}

const NOTHING_TO_DISPOSE: ScopedSignal = { signal: undefined, dispose: () => {} }

/** A per-request signal for the SDK that follows `parent`; dispose() when the request settles. */
export function scopedSignal(parent: AbortSignal | undefined): ScopedSignal {
  return parent ? new RequestSignal(parent) : NOTHING_TO_DISPOSE
}

type AbortListener = (event: Event) => void

/**
 * What the SDK's request() receives as `signal`. A fresh AbortController per request would do, but
 * creating an AbortSignal costs ~3 µs on Node 20 (its EventTarget set-up) and adding and removing a
 * listener on the caller's signal another ~0.5 µs: more than everything else this layer does per
 * call. So this object offers exactly what the SDK's request() uses of a signal (aborted, reason,
 * throwIfAborted, add/removeEventListener), and the requests following one caller signal share a
 * single listener on it (see `followers`). dispose() drops the request from that set, and the SDK's
 * listener goes with it. Only ever pass it to the SDK's request methods: they never hand the signal
 * on (the SDK version is pinned, and tests abort calls over the transports).
 */
class RequestSignal implements ScopedSignal {
  private listeners: AbortListener[] = []

  constructor(private readonly parent: AbortSignal) {
    followersOf(parent).add(this)
  }

  get signal(): AbortSignal {
    return this as unknown as AbortSignal
  }

  get aborted(): boolean {
    return this.parent.aborted
  }

  get reason(): unknown {
    return this.parent.reason
  }

  throwIfAborted(): void {
    this.parent.throwIfAborted()
  }

  addEventListener(type: string, listener: AbortListener): void {
    if (type === 'abort') this.listeners.push(listener)
  }

  removeEventListener(type: string, listener: AbortListener): void {
    if (type === 'abort') this.listeners = this.listeners.filter((entry) => entry !== listener)
  }

  /** The caller's signal fired. */
  abort(event: Event): void {
    const listeners = this.listeners
    this.listeners = []
    for (const listener of listeners) listener(event)
  }

  dispose(): void {
    followers.get(this.parent)?.delete(this)
    this.listeners = []
  }
}

/**
 * The request signals in flight per caller signal. Each caller signal gets one abort listener, the
 * first time a request follows it; the entry goes away with the signal (weak key).
 */
const followers = new WeakMap<AbortSignal, Set<RequestSignal>>()

function followersOf(parent: AbortSignal): Set<RequestSignal> {
  let requests = followers.get(parent)
  if (!requests) {
    const following = new Set<RequestSignal>()
    parent.addEventListener(
      'abort',
      (event) => {
        const aborted = [...following]
        following.clear()
        for (const request of aborted) request.abort(event)
      },
      { once: true },
    )
    followers.set(parent, following)
    requests = following
  }
  return requests
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
