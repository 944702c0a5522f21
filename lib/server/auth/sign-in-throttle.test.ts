import { describe, expect, it } from 'vitest'
import { FAILURES_BEFORE_LOCK, FORGET_AFTER_MS, afterFailure, secondsLocked, type ThrottleState } from './sign-in-throttle'

/** A clock the test moves by hand. */
function clock(start = Date.UTC(2026, 0, 1)) {
  let now = start
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) }
}

function fail(state: ThrottleState | undefined, at: Date, times: number): ThrottleState | undefined {
  for (let i = 0; i < times; i++) state = afterFailure(state, at)
  return state
}

describe('sign-in throttle', () => {
  it('locks after five failures for a minute, then doubles with each further run of failures, up to an hour', () => {
    const time = clock()
    let state = fail(undefined, time.now(), FAILURES_BEFORE_LOCK - 1)
    expect(secondsLocked(state, time.now())).toBe(0)
    state = fail(state, time.now(), 1)
    expect(secondsLocked(state, time.now())).toBe(60)

    const locks: number[] = []
    for (let run = 0; run < 8; run++) {
      time.advance(secondsLocked(state, time.now()) * 1000)
      expect(secondsLocked(state, time.now())).toBe(0)
      state = fail(state, time.now(), FAILURES_BEFORE_LOCK)
      locks.push(secondsLocked(state, time.now()))
    }
    expect(locks).toEqual([120, 240, 480, 960, 1920, 3600, 3600, 3600])
  })

  it('counts down while locked', () => {
    const time = clock()
    const state = fail(undefined, time.now(), FAILURES_BEFORE_LOCK)
    time.advance(45_500)
    expect(secondsLocked(state, time.now())).toBe(15)
  })

  it('forgets failures after a quiet day', () => {
    const time = clock()
    let state = fail(undefined, time.now(), FAILURES_BEFORE_LOCK * 3)
    time.advance(FORGET_AFTER_MS)
    state = fail(state, time.now(), FAILURES_BEFORE_LOCK - 1)
    expect(secondsLocked(state, time.now())).toBe(0)
    state = fail(state, time.now(), 1)
    expect(secondsLocked(state, time.now())).toBe(60)
  })
})
