import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { abortable, abortableIterable, raceAbort, sleep } from './abort'
import { AbortError } from './errors'

const never = () => new Promise<never>(() => {})

describe('raceAbort', () => {
  it('settles with the promise and leaves no listener behind', async () => {
    const controller = new AbortController()
    await expect(raceAbort(Promise.resolve(1), controller.signal)).resolves.toBe(1)
    await expect(raceAbort(Promise.reject(new Error('no')), controller.signal)).rejects.toThrow('no')
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it("rejects with the signal's own reason when it fires first, or had fired", async () => {
    const controller = new AbortController()
    const waiting = raceAbort(never(), controller.signal)
    const reason = new Error('deadline')
    controller.abort(reason)
    await expect(waiting).rejects.toBe(reason)
    await expect(raceAbort(never(), controller.signal)).rejects.toBe(reason)
  })

  it('reports a rejection that follows the abort as the abort, and handles one nobody awaits', async () => {
    const controller = new AbortController()
    controller.abort(new Error('stop'))
    let fail!: (error: Error) => void
    const late = new Promise<never>((_, reject) => (fail = reject))
    await expect(raceAbort(late, controller.signal)).rejects.toThrow('stop')
    fail(new Error('unhandled?')) // would be an unhandled rejection, failing the test run
    await sleep(0)
  })
})

describe('abortable', () => {
  it('turns any abort reason into an AbortError, keeping one that is already', async () => {
    const controller = new AbortController()
    const waiting = abortable(never(), controller.signal)
    controller.abort(new Error('other'))
    await expect(waiting).rejects.toBeInstanceOf(AbortError)
    const own = new AbortError()
    await expect(abortable(never(), AbortSignal.abort(own))).rejects.toBe(own)
  })
})

describe('abortableIterable', () => {
  it('ends with an AbortError when the signal fires and closes the source', async () => {
    const controller = new AbortController()
    let closed = false
    async function* source() {
      try {
        yield 1
        yield 2
      } finally {
        closed = true
      }
    }
    const seen: number[] = []
    const reading = (async () => {
      for await (const value of abortableIterable(source(), controller.signal)) {
        seen.push(value)
        controller.abort()
      }
    })()
    await expect(reading).rejects.toBeInstanceOf(AbortError)
    expect(seen).toEqual([1])
    await sleep(0)
    expect(closed).toBe(true)
  })
  it('closes the source when the consumer stops early, and leaves no listener on the signal', async () => {
    const controller = new AbortController()
    let closed = false
    async function* source() {
      try {
        for (let i = 0; ; i++) yield i
      } finally {
        closed = true
      }
    }
    for await (const value of abortableIterable(source(), controller.signal)) if (value === 2) break
    await sleep(0)
    expect(closed).toBe(true)
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('does not advance the source once the signal has fired, and ends there', async () => {
    let advanced = 0
    const source: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({ next: async () => ({ done: false, value: ++advanced }) }),
    }
    const iterator = abortableIterable(source, AbortSignal.abort())[Symbol.asyncIterator]()
    await expect(iterator.next()).rejects.toBeInstanceOf(AbortError)
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
    expect(advanced).toBe(0)
  })

  it('passes a failure of the source on, and ends there', async () => {
    const failing: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.reject(new Error('broken pipe')),
      }),
    }
    const iterator = abortableIterable(failing, new AbortController().signal)[Symbol.asyncIterator]()
    await expect(iterator.next()).rejects.toThrow('broken pipe')
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
  })
})

describe('sleep', () => {
  it('rejects with the reason when aborted before the time is up', async () => {
    const controller = new AbortController()
    const sleeping = sleep(60_000, controller.signal)
    controller.abort(new Error('woken'))
    await expect(sleeping).rejects.toThrow('woken')
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})
