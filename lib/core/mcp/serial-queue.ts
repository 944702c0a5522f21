/** Serializes async sections (connect/close; tool loads) without blocking other work. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work)
    this.tail = next.catch(() => {})
    return next
  }
}
