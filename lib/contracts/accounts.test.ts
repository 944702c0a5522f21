import { describe, expect, it } from 'vitest'
import { changePasswordRequestSchema, inviteRequestSchema, passwordSchema, safeNextPath, updateUserRequestSchema } from './accounts'

describe('accounts contracts', () => {
  it('wants new passwords of at least 12 characters, takes long passphrases, and asks for nothing else (ASVS 2.1.1, 2.1.2, 2.1.9)', () => {
    expect(passwordSchema.safeParse('eleven-char').success).toBe(false)
    expect(passwordSchema.safeParse('twelve-chars').success).toBe(true)
    expect(passwordSchema.safeParse('aaaaaaaaaaaa').success).toBe(true)
    expect(passwordSchema.safeParse('correct horse battery staple, and then some more words to reach far '.repeat(1).padEnd(128, 'x')).success).toBe(true)
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false)
    // Changing it needs the current one (checked against the stored hash in credentials.ts).
    expect(changePasswordRequestSchema.safeParse({ newPassword: 'a new passphrase' }).success).toBe(false)
  })

  it('goes back only to a page on this site after sign-in', () => {
    expect(safeNextPath('/runs/1?x=2')).toBe('/runs/1?x=2')
    expect(safeNextPath('//evil.example/x')).toBe('/workflows')
    expect(safeNextPath('/\\evil.example')).toBe('/workflows')
    expect(safeNextPath('https://evil.example')).toBe('/workflows')
    expect(safeNextPath(null)).toBe('/workflows')
  })

  it('normalises invited addresses and defaults the role to member', () => {
    expect(inviteRequestSchema.parse({ email: ' A@Example.TEST ' })).toEqual({ email: 'a@example.test', role: 'member' })
    expect(inviteRequestSchema.safeParse({ email: 'nope' }).success).toBe(false)
  })

  it('wants something to change in a user update', () => {
    expect(updateUserRequestSchema.safeParse({}).success).toBe(false)
    expect(updateUserRequestSchema.safeParse({ banned: true }).success).toBe(false)
    expect(updateUserRequestSchema.parse({ disabled: true })).toEqual({ disabled: true })
  })
})
