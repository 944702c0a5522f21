import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MIN_FRAGMENT, REDACTED, SecretRedactor } from './redaction'

const secret = 'sk-live-4f9a1c2e7b3d5f60a8c9'
const redactor = new SecretRedactor([secret])

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url')

describe('SecretRedactor', () => {
  it('cuts out the whole secret and leaves the rest', () => {
    expect(redactor.redact(`token ${secret} failed`)).toBe(`token ${REDACTED} failed`)
  })

  it('cuts out parts of 8 characters or more, not shorter ones', () => {
    expect(redactor.redact(`got ${secret.slice(0, 20)}…`)).toBe(`got ${REDACTED}…`)
    expect(redactor.redact(`mid ${secret.slice(5, 13)} end`)).toBe(`mid ${REDACTED} end`)
    expect(redactor.redact(`short ${secret.slice(0, 7)} stays`)).toBe(`short ${secret.slice(0, 7)} stays`)
  })

  it('cuts out the base64 forms of the whole and of parts, at every alignment', () => {
    for (const encoded of [base64(secret), base64url(secret), base64(`x${secret}`), base64(`xy${secret.slice(3, 17)}`), base64url(`abc:${secret}`)]) {
      const redacted = redactor.redact(`header: ${encoded}`)
      expect(redacted).toContain(REDACTED)
      expect(redacted).not.toContain(encoded.replace(/=+$/, '').slice(2, 12))
    }
  })

  it('cuts out URL-encoded forms', () => {
    const withSpecials = new SecretRedactor(['p@ss word/with?specials'])
    for (const form of [encodeURIComponent('p@ss word/with?specials'), 'p%40ss+word%2fwith%3fspecials']) {
      expect(withSpecials.redact(`?q=${form}&x=1`)).toBe(`?q=${REDACTED}&x=1`)
    }
  })

  it('merges neighbouring hits into one marker', () => {
    expect(redactor.redact(`${secret}${secret}`)).toBe(REDACTED)
  })

  it('redacts short secrets only whole, and ignores values too short to be secrets', () => {
    const short = new SecretRedactor(['abc12', '1'])
    expect(short.redact('abc12 and abc1 and 1')).toBe(`${REDACTED} and abc1 and 1`)
  })

  it('matches short secrets only as whole tokens, so a password `pass` leaves /etc/passwd alone', () => {
    const short = new SecretRedactor(['pass'])
    expect(short.redact('cat /etc/passwd')).toBe('cat /etc/passwd')
    expect(short.redact('passport, bypass, compass')).toBe('passport, bypass, compass')
    expect(new SecretRedactor(['abcd', 'abcd-e']).redact('abcd-ef, abcd-e')).toBe(`${REDACTED}-ef, ${REDACTED}`)
    expect(short.redact('https://user:pass@host/ and PASS and "pass"')).toBe(`https://user:${REDACTED}@host/ and ${REDACTED} and "${REDACTED}"`)
  })

  it('never cuts parts of a short secret, however it is encoded', () => {
    const short = new SecretRedactor(['s3cr3t!'])
    expect(short.redact('s3cr3 and 3cr3t! stay')).toBe('s3cr3 and 3cr3t! stay')
    expect(
      short.redact(`hex ${Buffer.from('s3cr3t!').toString('hex').toUpperCase()} b64 ${Buffer.from('s3cr3t!').toString('base64').replace(/=+$/, '')}`),
    ).toBe(`hex ${REDACTED} b64 ${REDACTED}`)
  })

  it('ignores case: upper-cased echoes are cut out like the secret', () => {
    expect(redactor.redact(`echo ${secret.toUpperCase()}!`)).toBe(`echo ${REDACTED}!`)
    expect(redactor.redact(`part ${secret.slice(3, 14).toUpperCase()} end`)).toBe(`part ${REDACTED} end`)
  })

  it('cuts out hex forms in lower and upper case, of the whole and of parts', () => {
    const hex = Buffer.from(secret, 'utf8').toString('hex')
    for (const form of [hex, hex.toUpperCase(), hex.slice(6, 30), hex.slice(10, 40).toUpperCase()]) {
      expect(redactor.redact(`bytes ${form} end`)).toBe(`bytes ${REDACTED} end`)
    }
    // Four bytes of hex (a part shorter than 8 characters of the secret) are left alone.
    expect(redactor.redact(`bytes ${hex.slice(0, 8)} end`)).toBe(`bytes ${hex.slice(0, 8)} end`)
  })

  it('cuts out every-character %XX forms, with upper- and lower-case hex digits', () => {
    const escaped = Buffer.from(secret, 'utf8').toString('hex').replace(/../g, '%$&')
    for (const form of [escaped, escaped.toUpperCase(), escaped.slice(9, 60), escaped.toUpperCase().slice(3, 45)]) {
      const redacted = redactor.redact(`?token=${form}&x=1`)
      expect(redacted).toContain(REDACTED)
      expect(redacted).toMatch(/&x=1$/)
      expect(redacted).not.toMatch(/%[0-9a-f]{2}(%[0-9a-f]{2}){7}/i)
    }
    expect(new SecretRedactor(['p@ss!']).redact('u=%70%40%73%73%21&')).toBe(`u=${REDACTED}&`)
  })

  it('does not erase text that only shares fragments shorter than 8 characters with a long secret', () => {
    const header = new SecretRedactor(['Demo reply: ', 'the quarterly figures'])
    for (const text of ['figures-only demo', 'Reply: the demos', 'quarter-figures']) expect(header.redact(text)).toBe(text)
    expect(header.redact('Demo reply: the quarterly figures')).toBe(REDACTED)
  })

  it('deep-redacts JSON values, keys included', () => {
    const value = { a: [secret, { [secret]: 3, b: `x${secret.slice(2, 12)}` }], n: 1, ok: true, none: null }
    expect(redactor.redactValue(value)).toEqual({ a: [REDACTED, { [REDACTED]: 3, b: `x${REDACTED}` }], n: 1, ok: true, none: null })
  })

  it('leaves no secret in a value nested deeper than it walks', () => {
    let deep: unknown = { leak: secret }
    for (let level = 0; level < 5_000; level++) deep = [deep]
    let leaf = redactor.redactValue(deep)
    while (Array.isArray(leaf)) leaf = leaf[0]
    expect(leaf).toEqual({ leak: REDACTED })
  })

  it('returns text as it is when nothing is configured', () => {
    const none = new SecretRedactor([])
    expect(none.empty).toBe(true)
    expect(none.redact('anything at all')).toBe('anything at all')
  })

  it('handles many secrets in a large text', () => {
    const secrets = Array.from({ length: 200 }, (_, i) => `secret-${i}-${'q'.repeat(i % 7)}-${(i * 7919).toString(36)}zz`)
    const many = new SecretRedactor(secrets)
    const text = 'lorem ipsum dolor sit amet '.repeat(40_000) + secrets[123] + ' end'
    expect(many.redact(text).endsWith(`${REDACTED} end`)).toBe(true)
  })

  const secretArb = fc.string({ minLength: MIN_FRAGMENT, maxLength: 48, unit: 'grapheme-ascii' })

  it('property: no part of 8 characters or more survives, in any surrounding', () => {
    fc.assert(
      fc.property(secretArb, fc.nat(), fc.nat(), fc.string(), fc.string(), (value, a, b, before, after) => {
        const start = a % (value.length - MIN_FRAGMENT + 1)
        const end = start + MIN_FRAGMENT + (b % (value.length - start - MIN_FRAGMENT + 1))
        const part = value.slice(start, end)
        const out = new SecretRedactor([value]).redact(before + part + after)
        expect(out).not.toContain(part)
      }),
    )
  })

  it('property: the base64 of a part never survives whole', () => {
    fc.assert(
      fc.property(secretArb, fc.nat(), fc.string({ maxLength: 5 }), fc.boolean(), (value, a, before, urlSafe) => {
        const start = a % (value.length - MIN_FRAGMENT + 1)
        const encoded = Buffer.from(before + value.slice(start), 'utf8').toString(urlSafe ? 'base64url' : 'base64')
        const piece = Buffer.from(value.slice(start), 'utf8')
          .toString(urlSafe ? 'base64url' : 'base64')
          .replace(/=+$/, '')
        const out = new SecretRedactor([value]).redact(`data ${encoded} end`)
        if (before === '') expect(out).not.toContain(piece)
        expect(out).not.toContain(encoded)
      }),
    )
  })
})
