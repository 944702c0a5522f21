import { describe, expect, it } from 'vitest'
import { Message } from '../types'
import { decodeCheckpointValue, encodeCheckpointValue, registerCheckpointType, toJSONValue } from './encoding'

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}
registerCheckpointType<Point>('test.Point', {
  is: (value): value is Point => value instanceof Point,
  encode: (value) => [value.x, value.y],
  decode: (json) => new Point(...(json as [number, number])),
})

const roundTrip = (value: unknown) => decodeCheckpointValue(JSON.parse(JSON.stringify(encodeCheckpointValue(value))))

describe('checkpoint encoding', () => {
  it('round-trips messages, dates, maps, sets, undefined and registered classes through JSON', () => {
    const value = {
      message: new Message({ role: 'user', text: 'hi', authorName: 'ann' }),
      when: new Date('2020-01-02T03:04:05.000Z'),
      map: new Map<string, unknown>([['k', [1, undefined]]]),
      set: new Set(['a']),
      point: new Point(1, 2),
      big: 10n,
      nested: [{ deep: new Message({ role: 'assistant', text: 'yo' }) }],
    }
    const back = roundTrip(value) as typeof value
    expect(back.message).toBeInstanceOf(Message)
    expect(back.message.text).toBe('hi')
    expect(back.message.authorName).toBe('ann')
    expect(back.when).toEqual(value.when)
    expect(back.map).toEqual(value.map)
    expect(back.set).toEqual(value.set)
    expect(back.point).toBeInstanceOf(Point)
    expect(back.point).toEqual(new Point(1, 2))
    expect(back.big).toBe(10n)
    expect((back.nested[0].deep as Message).text).toBe('yo')
  })

  it('does not misread user objects that use the tag key', () => {
    expect(roundTrip({ $type: 'Message', value: 'not really' })).toEqual({ $type: 'Message', value: 'not really' })
  })

  it('refuses functions and cycles with the path of the problem', () => {
    expect(() => encodeCheckpointValue({ a: [1, () => 2] })).toThrow('Value at $.a[1] is a function')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => encodeCheckpointValue(cyclic)).toThrow('contains a cycle')
  })
})

describe('toJSONValue', () => {
  it('never throws and produces plain JSON', () => {
    const cyclic: Record<string, unknown> = { n: 1 }
    cyclic.self = cyclic
    expect(toJSONValue({ cyclic, error: new RangeError('bad'), fn: () => 1, big: 2n, nan: NaN, msg: new Message({ role: 'user', text: 'x' }) })).toEqual({
      cyclic: { n: 1, self: '[Circular]' },
      error: { name: 'RangeError', message: 'bad' },
      big: '2',
      nan: null,
      msg: { type: 'message', role: 'user', contents: [{ type: 'text', text: 'x' }] },
    })
  })
})
