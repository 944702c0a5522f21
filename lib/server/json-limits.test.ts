import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, isTooDeeplyNested, jsonNestingDepth } from './json-limits'

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)

describe('jsonNestingDepth', () => {
  it('counts arrays and objects, not scalars', () => {
    expect(jsonNestingDepth('1')).toBe(0)
    expect(jsonNestingDepth('{"a":[1,{"b":[]}]}')).toBe(4)
    expect(jsonNestingDepth('[[],[],[]]')).toBe(2)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingDepth('{"a":"[[[{{{"}')).toBe(1)
    expect(jsonNestingDepth('["\\"[[[", "\\\\"]')).toBe(1)
  })

  it('measures 20,000 levels without a stack overflow, stopping early when told', () => {
    expect(jsonNestingDepth(nested(20_000))).toBe(20_000)
    expect(jsonNestingDepth(nested(20_000), 10)).toBe(11)
  })
})

describe('isTooDeeplyNested', () => {
  it('allows the limit and refuses one level more', () => {
    expect(isTooDeeplyNested(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(isTooDeeplyNested(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(isTooDeeplyNested('{"a":'.repeat(100) + '1' + '}'.repeat(100))).toBe(true)
  })
})
