import { describe, expect, it } from 'vitest'
import { inviteRequestSchema, safeNextPath, updateUserRequestSchema } from './accounts'

describe('accounts contracts', () => {
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
