import { afterEach, describe, expect, it } from 'vitest'
import { meansSessionEnded, registerRenewalPrompt, renewSession } from './session-renewal'

describe('renewing a session in place', () => {
  let unregister: (() => void) | null = null
  afterEach(() => {
    unregister?.()
    unregister = null
  })

  it("tells an ended session from sign-in's own refusals", () => {
    expect(meansSessionEnded('/api/workflows/1/versions', 401)).toBe(true)
    expect(meansSessionEnded('http://localhost:3000/api/runs', 401)).toBe(true)
    expect(meansSessionEnded('/api/auth/sign-in/email', 401)).toBe(false)
    expect(meansSessionEnded('/api/workflows', 403)).toBe(false)
  })

  it('gives up at once where no dialog can ask (pages outside the app)', async () => {
    await expect(renewSession()).resolves.toBe(false)
  })

  it('asks once for requests that met the end together, and tells each the outcome', async () => {
    const asked: Array<(renewed: boolean) => void> = []
    unregister = registerRenewalPrompt((finish) => asked.push(finish))
    const first = renewSession()
    const second = renewSession()
    expect(asked).toHaveLength(1)
    asked[0]!(true)
    await expect(Promise.all([first, second])).resolves.toEqual([true, true])
    // A later end asks again.
    const third = renewSession()
    expect(asked).toHaveLength(2)
    asked[1]!(false)
    await expect(third).resolves.toBe(false)
  })

  it('asks again after a dialog that answered at once', async () => {
    let asked = 0
    unregister = registerRenewalPrompt((finish) => {
      asked++
      finish(false)
    })
    await expect(renewSession()).resolves.toBe(false)
    await expect(renewSession()).resolves.toBe(false)
    expect(asked).toBe(2)
  })

  it('forgets a dialog that unmounted', async () => {
    registerRenewalPrompt(() => {})()
    await expect(renewSession()).resolves.toBe(false)
  })
})
