import { describe, expect, it } from 'vitest'
import { deferredIterable } from './deferred-iterable'

async function* counting(upTo: number, onClose: () => void): AsyncGenerator<number> {
  try {
    for (let i = 1; i <= upTo; i++) yield i
  } finally {
    onClose()
  }
}

describe('deferredIterable', () => {
  it('opens its source at the first next(), not when made, and hands out its values', async () => {
    let opened = 0
    const iterable = deferredIterable(() => {
      opened++
      return counting(2, () => {})
    })
    const iterator = iterable[Symbol.asyncIterator]()
    expect(opened).toBe(0)
    const values: number[] = []
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) values.push(step.value)
    expect(values).toEqual([1, 2])
    expect(opened).toBe(1)
  })

  it('turns a throw while opening into a rejection of the first next(), then ends', async () => {
    const iterator = deferredIterable<number>(() => {
      throw new Error('refused')
    })[Symbol.asyncIterator]()
    await expect(iterator.next()).rejects.toThrow('refused')
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
  })

  it('closes an opened source when stopped early, and never opens one stopped before it was read', async () => {
    let closed = false
    for await (const value of deferredIterable(() => counting(10, () => (closed = true)))) if (value === 2) break
    expect(closed).toBe(true)

    let opened = false
    const iterator = deferredIterable(() => {
      opened = true
      return counting(1, () => {})
    })[Symbol.asyncIterator]()
    await iterator.return?.()
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
    expect(opened).toBe(false)
  })
})
