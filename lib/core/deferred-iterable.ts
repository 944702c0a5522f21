/**
 * An async iterable opened at its first `next()`, not when it is made: what `open` throws surfaces there, as a
 * rejection (as a generator's body would), and the iterator it returns is then handed out step for step. A generator
 * that only `yield*`s another costs two promises per value; this costs none (a model's stream passes through two such
 * layers per chunk).
 */
export function deferredIterable<T>(open: () => AsyncIterable<T>): AsyncIterable<T> {
  return { [Symbol.asyncIterator]: () => new DeferredIterator(open) }
}

class DeferredIterator<T> implements AsyncIterator<T> {
  private inner: AsyncIterator<T> | undefined
  private closed = false

  constructor(private readonly open: () => AsyncIterable<T>) {}

  next(): Promise<IteratorResult<T>> {
    if (this.inner) return this.inner.next()
    if (this.closed) return Promise.resolve({ done: true, value: undefined })
    try {
      this.inner = this.open()[Symbol.asyncIterator]()
    } catch (error) {
      this.closed = true
      return Promise.reject(error)
    }
    return this.inner.next()
  }

  /** Closes the opened iterator (a stream stopped early); one never opened is not opened at all. */
  return(value?: unknown): Promise<IteratorResult<T>> {
    this.closed = true
    if (this.inner?.return) return this.inner.return(value)
    return Promise.resolve({ done: true, value: undefined })
  }
}
