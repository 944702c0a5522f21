import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { plainJsonCopy } from './plain-json'

/** What plainJsonCopy stands for: the JSON round trip, with an Error as `{ message, name }`. */
function roundTrip(value: unknown): unknown {
  const text = JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Error ? { message: inner.message, name: inner.name } : inner))
  return text === undefined ? undefined : JSON.parse(text)
}

class Point {
  constructor(
    readonly x: number,
    private readonly hidden?: string,
  ) {}
  get length(): number {
    return Math.abs(this.x)
  }
}

/** Values as workflow events hold them: JSON, and what is not (undefined, dates, errors, class instances, odd numbers). */
const eventLike = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.constantFrom(null, undefined, -0, Number.NaN, Number.POSITIVE_INFINITY),
    fc.date({ noInvalidDate: true }),
    fc.string().map((message) => new TypeError(message)),
    fc.tuple(fc.integer(), fc.option(fc.string(), { nil: undefined })).map(([x, hidden]) => new Point(x, hidden)),
    fc.constant(() => 1),
    fc.constant(Symbol('s')),
  ),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.dictionary(fc.oneof(fc.string(), fc.constant('__proto__'), fc.constant('toString')), tie('node'), { maxKeys: 5 }),
}))

describe('plainJsonCopy', () => {
  it('gives what the JSON round trip gives', () => {
    fc.assert(
      fc.property(eventLike.node, (value) => {
        expect(plainJsonCopy(value)).toStrictEqual(roundTrip(value))
      }),
      { numRuns: 2_000 },
    )
  })

  it('keeps JSON’s rules for holes, -0, boxed values, toJSON, Maps and an own __proto__ key', () => {
    const value = {
      holes: [1, , 3],
      zero: -0,
      boxed: [Object(1), Object('a'), Object(false)],
      at: { toJSON: (key: string) => `at ${key}` },
      map: new Map([[1, 2]]),
    }
    expect(plainJsonCopy(value)).toStrictEqual(roundTrip(value))
    const own = JSON.parse('{"__proto__": {"polluted": true}}') as object
    const copied = plainJsonCopy(own) as Record<string, unknown>
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype)
    expect(Object.keys(copied)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('throws as JSON does for a cycle and a bigint, and copies a value met twice that is no cycle', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(() => plainJsonCopy(cycle)).toThrow(TypeError)
    expect(() => plainJsonCopy({ n: 1n })).toThrow(TypeError)
    const shared = { a: 1 }
    expect(plainJsonCopy({ one: shared, two: [shared] })).toStrictEqual({ one: { a: 1 }, two: [{ a: 1 }] })
  })
})
