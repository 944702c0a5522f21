import { describe, expect, it } from 'vitest'
import { sessionUse } from './session-use'

describe("telling the server of a person's use", () => {
  it('asks on the first use, then once per step however often the person acts', () => {
    let clock = 1_000
    let asked = 0
    const used = sessionUse(
      300_000,
      () => asked++,
      () => clock,
    )
    used()
    expect(asked).toBe(1)
    for (const later of [1, 60_000, 299_999]) {
      clock = 1_000 + later
      used()
    }
    expect(asked).toBe(1)
    clock = 1_000 + 300_000
    used()
    expect(asked).toBe(2)
    // The step counts from the last ask, not from the last use.
    clock += 299_000
    used()
    expect(asked).toBe(2)
  })

  it('asks nothing while nobody acts', () => {
    let asked = 0
    sessionUse(
      1_000,
      () => asked++,
      () => 0,
    )
    expect(asked).toBe(0)
  })
})
