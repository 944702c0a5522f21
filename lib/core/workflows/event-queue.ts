/**
 * A single-consumer queue between the runner (producer) and a runStream() consumer. The runner
 * pushes synchronously; when the consumer falls behind by more than `highWaterMark` events the
 * runner waits at the next superstep boundary, so memory stays bounded however long the run.
 */
export const QUEUE_END: unique symbol = Symbol('end')

export class EventQueue<T> {
  private items: T[] = []
  private head = 0
  private ended = false
  private failure: { error: unknown } | undefined
  private wakeConsumer?: () => void
  private wakeProducer?: () => void

  constructor(private readonly highWaterMark = 1024) {}

  push(item: T): void {
    this.items.push(item)
    this.notifyConsumer()
  }

  end(): void {
    this.ended = true
    this.notifyConsumer()
  }

  fail(error: unknown): void {
    this.failure = { error }
    this.end()
  }

  get size(): number {
    return this.items.length - this.head
  }

  /** Resolves when the consumer has caught up; undefined (no wait) while under the high-water mark. */
  waitForConsumer(): Promise<void> | undefined {
    if (this.size <= this.highWaterMark) return undefined
    return new Promise((resolve) => {
      this.wakeProducer = resolve
    })
  }

  /** Releases a producer that waits for a consumer that has gone away. */
  releaseProducer(): void {
    this.wakeProducer?.()
    this.wakeProducer = undefined
  }

  /** The next event, END when the run is over (rethrows the run's failure), or undefined when none is ready. */
  take(): T | typeof QUEUE_END | undefined {
    if (this.head < this.items.length) {
      const item = this.items[this.head++]
      // Taken events must not stay reachable from here: the array soon lives in the old generation,
      // and whatever it still points to survives every scavenge and is promoted, so the collector's
      // old-generation work would grow with the run. Drained (the usual case): start over in place.
      if (this.head === this.items.length) {
        this.items.length = 0
        this.head = 0
      } else if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head)
        this.head = 0
      }
      if (this.wakeProducer && this.size <= this.highWaterMark / 2) this.releaseProducer()
      return item
    }
    if (this.wakeProducer) this.releaseProducer()
    if (!this.ended) return undefined
    if (this.failure) throw this.failure.error
    return QUEUE_END
  }

  /** take(), for every event ready at once (never an empty array): undefined when none is, END when the run is over. */
  takeAll(): T[] | typeof QUEUE_END | undefined {
    if (this.head < this.items.length) {
      const items = this.head === 0 ? this.items : this.items.slice(this.head)
      // A fresh array for what comes next: the taken one is the consumer's now (and nothing here keeps it reachable).
      this.items = []
      this.head = 0
      this.releaseProducer()
      return items
    }
    return this.take() as typeof QUEUE_END | undefined
  }

  /** Resolves when take() may return something new. */
  waitForItem(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wakeConsumer = resolve
    })
  }

  private notifyConsumer(): void {
    const wake = this.wakeConsumer
    if (wake) {
      this.wakeConsumer = undefined
      wake()
    }
  }
}
