import { describe, expect, it } from 'vitest'
import { DEFAULT_SESSION_LIFETIME, sessionLifetimeFromEnv, sessionRefreshSeconds, withinMaxLifetime } from './session-lifetime'

describe('session lifetime', () => {
  it('is 30 minutes without use and 12 hours in all by default (ASVS level 2)', () => {
    expect(sessionLifetimeFromEnv({})).toEqual({ idleSeconds: 1800, maxSeconds: 43_200 })
    expect(DEFAULT_SESSION_LIFETIME).toEqual({ idleSeconds: 1800, maxSeconds: 43_200 })
  })

  it('reads the environment, and an idle limit longer than the whole lifetime is the lifetime', () => {
    expect(sessionLifetimeFromEnv({ AGENTLOOM_SESSION_IDLE_MINUTES: '15', AGENTLOOM_SESSION_MAX_HOURS: '8' })).toEqual({ idleSeconds: 900, maxSeconds: 28_800 })
    expect(sessionLifetimeFromEnv({ AGENTLOOM_SESSION_IDLE_MINUTES: '600', AGENTLOOM_SESSION_MAX_HOURS: '2' })).toEqual({ idleSeconds: 7200, maxSeconds: 7200 })
    expect(sessionLifetimeFromEnv({ AGENTLOOM_SESSION_IDLE_MINUTES: ' ', AGENTLOOM_SESSION_MAX_HOURS: '' })).toEqual(DEFAULT_SESSION_LIFETIME)
  })

  it('refuses a value that is not a whole number in range, naming the variable', () => {
    expect(() => sessionLifetimeFromEnv({ AGENTLOOM_SESSION_IDLE_MINUTES: '0' })).toThrow(
      /AGENTLOOM_SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 43200, not "0"/,
    )
    expect(() => sessionLifetimeFromEnv({ AGENTLOOM_SESSION_IDLE_MINUTES: '1.5' })).toThrow(/AGENTLOOM_SESSION_IDLE_MINUTES/)
    expect(() => sessionLifetimeFromEnv({ AGENTLOOM_SESSION_MAX_HOURS: 'forever' })).toThrow(
      /AGENTLOOM_SESSION_MAX_HOURS must be a whole number of hours from 1 to 2160, not "forever"/,
    )
  })

  it('moves a used session forward a few times per idle period, at most daily', () => {
    expect(sessionRefreshSeconds({ idleSeconds: 1800, maxSeconds: 43_200 })).toBe(300)
    expect(sessionRefreshSeconds({ idleSeconds: 30 * 24 * 3600, maxSeconds: 90 * 24 * 3600 })).toBe(24 * 3600)
    expect(sessionRefreshSeconds({ idleSeconds: 3, maxSeconds: 3600 })).toBe(1)
  })

  it('ends a session at its absolute limit however recently it was used', () => {
    const created = new Date('2026-12-02T00:00:00Z')
    expect(withinMaxLifetime(created, DEFAULT_SESSION_LIFETIME, created.getTime() + 12 * 3600_000 - 1)).toBe(true)
    expect(withinMaxLifetime(created, DEFAULT_SESSION_LIFETIME, created.getTime() + 12 * 3600_000)).toBe(false)
  })
})
