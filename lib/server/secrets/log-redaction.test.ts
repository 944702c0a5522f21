import { afterEach, describe, expect, it, vi } from 'vitest'
import { installLogRedaction } from './log-redaction'
import type { SecretVault } from '../secret-vault/secret-vault'
import { SecretRedactor } from './redaction'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('installLogRedaction', () => {
  it('cuts secrets out of every console line, errors and objects included', () => {
    const lines: string[] = []
    for (const method of ['log', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation((line: string) => void lines.push(line))
    const redactor = new SecretRedactor(['tok-9f8e7d6c5b4a'])
    const vault = { redactNow: (text: string) => redactor.redact(text) } as unknown as SecretVault
    const uninstall = installLogRedaction(vault)
    console.error('[api] unexpected error:', new Error('upstream said tok-9f8e7d6c5b4a'))
    console.warn('%s and %o', 'tok-9f8e7d6c', { header: 'Bearer tok-9f8e7d6c5b4a' })
    console.log('nothing secret')
    uninstall()
    console.log('tok-9f8e7d6c5b4a after uninstall')
    expect(lines[0]).toContain('[api] unexpected error: Error: upstream said [redacted]')
    expect(lines[1]).toBe("[redacted] and { header: 'Bearer [redacted]' }")
    expect(lines[2]).toBe('nothing secret')
    expect(lines[3]).toBe('tok-9f8e7d6c5b4a after uninstall')
  })

  it('wraps again a console method replaced after it was wrapped (a later spy still sees redacted lines)', () => {
    const redactor = new SecretRedactor(['tok-1a2b3c4d5e6f'])
    const first = { redactNow: (text: string) => redactor.redact(text) } as unknown as SecretVault
    const removeFirst = installLogRedaction(first)
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line))
    const second = { redactNow: (text: string) => text } as unknown as SecretVault
    const removeSecond = installLogRedaction(second)
    console.log('Bearer tok-1a2b3c4d5e6f')
    removeFirst()
    removeSecond()
    expect(lines).toEqual(['Bearer [redacted]'])
  })
})
