import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isSealed, SecretBox, SecretBoxError } from './secret-box'

const box = new SecretBox(randomBytes(32))

function flipByteOfBody(sealed: string, index: number): string {
  const parts = sealed.split(':')
  const body = Buffer.from(parts[3]!, 'base64url')
  body[index] = body[index]! ^ 0x01
  parts[3] = body.toString('base64url')
  return parts.join(':')
}

describe('SecretBox', () => {
  it('round-trips JSON values', () => {
    const value = { env: { API_KEY: 'sk-1234567890' }, headers: { Authorization: 'Bearer x' }, query: { token: 'ü ✓' } }
    const sealed = box.seal(value)
    expect(isSealed(sealed)).toBe(true)
    expect(sealed).not.toContain('sk-1234567890')
    expect(box.open(sealed)).toEqual(value)
  })

  it('uses a fresh IV for every value', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'))
    // Past several refills of the pool the IVs are drawn from: none repeats, and each still opens its own value.
    const sealed = Array.from({ length: 1_000 }, (_, i) => box.seal(i))
    expect(new Set(sealed.map((one) => one.split(':')[2])).size).toBe(1_000)
    expect(sealed.map((one) => box.open(one))).toEqual(Array.from({ length: 1_000 }, (_, i) => i))
  })

  it('names the key it sealed with', () => {
    const sealed = box.seal(1)
    expect(sealed.split(':')[1]).toBe(box.keyId)
    expect(box.sealedWithThisKey(sealed)).toBe(true)
    expect(new SecretBox(randomBytes(32)).sealedWithThisKey(sealed)).toBe(false)
  })

  it('detects a flipped byte in the ciphertext or the tag', () => {
    const sealed = box.seal({ a: 'secret value' })
    expect(() => box.open(flipByteOfBody(sealed, 0))).toThrow(/integrity check/)
    const tagIndex = Buffer.from(sealed.split(':')[3]!, 'base64url').length - 1
    expect(() => box.open(flipByteOfBody(sealed, tagIndex))).toThrow(SecretBoxError)
  })

  it('refuses a value sealed with another key, saying so', () => {
    const other = new SecretBox(randomBytes(32))
    expect(() => other.open(box.seal('x'))).toThrow(/another key/)
  })

  it('refuses a key id forged to match', () => {
    const other = new SecretBox(randomBytes(32))
    const parts = box.seal('x').split(':')
    parts[1] = other.keyId
    expect(() => other.open(parts.join(':'))).toThrow(/integrity check/)
  })

  it('refuses malformed values', () => {
    expect(() => box.open('plain text')).toThrow(SecretBoxError)
    expect(() => box.open(`v1:${box.keyId}:AAAA:AAAA`)).toThrow(/truncated/)
  })
})
