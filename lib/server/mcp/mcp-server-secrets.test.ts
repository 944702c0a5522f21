import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SecretBox } from '../secrets/secret-box'
import {
  isPlainSecretsColumn,
  mergeSecrets,
  openServerSecrets,
  redactSecrets,
  sealServerSecrets,
  secretKeysOf,
  secretKeysOfColumn,
  secretsForTransport,
  serverSecretValues,
} from './mcp-server-secrets'

describe('mergeSecrets', () => {
  const current = { env: { API_KEY: 'old', KEEP: 'kept' }, headers: { Authorization: 'Bearer t' } }

  it('sets named keys, removes null ones and keeps the rest', () => {
    expect(mergeSecrets(current, { env: { API_KEY: 'new', KEEP: undefined as never, GONE: null, ADDED: 'a' } })).toEqual({
      env: { API_KEY: 'new', KEEP: 'kept', ADDED: 'a' },
      headers: { Authorization: 'Bearer t' },
    })
    expect(mergeSecrets(current, { env: { API_KEY: null } }).env).toEqual({ KEEP: 'kept' })
    expect(mergeSecrets(current, undefined)).toEqual(current)
  })

  it('does not change its input', () => {
    mergeSecrets(current, { env: { API_KEY: null } })
    expect(current.env.API_KEY).toBe('old')
  })
})

describe('secretKeysOf / secretsForTransport', () => {
  it('shows names only, sorted', () => {
    expect(secretKeysOf({ env: { B: '1', A: '2' }, headers: { 'X-Key': 'v' } })).toEqual({ env: ['A', 'B'], headers: ['X-Key'] })
  })

  it('keeps only the kind a transport uses', () => {
    const both = { env: { A: '1' }, headers: { H: '2' } }
    expect(secretsForTransport(both, 'stdio')).toEqual({ env: { A: '1' }, headers: {} })
    expect(secretsForTransport(both, 'http')).toEqual({ env: {}, headers: { H: '2' } })
    expect(secretsForTransport(both, 'websocket')).toEqual({ env: {}, headers: { H: '2' } })
  })
})

describe('redactSecrets', () => {
  const secrets = { env: { API_KEY: 'sk-live-123456', EMPTY: '' }, headers: { Authorization: 'Bearer tok/en+1' } }

  it('cuts out whole values, the credential part of scheme values and URL-encoded forms', () => {
    const message = 'spawn failed with sk-live-123456; server said: bad token tok/en+1 (header "Bearer tok/en+1"), echo tok%2Fen%2B1'
    const redacted = redactSecrets(message, secrets)
    expect(redacted).not.toMatch(/sk-live|tok\/en|tok%2F/)
    // The space before the credential is a character of the header value too, so it goes with it.
    expect(redacted).toBe('spawn failed with [redacted]; server said: bad token[redacted] (header "[redacted]"), echo [redacted]')
  })

  it('cuts the query string of the server URL', () => {
    expect(redactSecrets('GET https://a.example/mcp?key=abc failed', { env: {}, headers: {} }, 'https://a.example/mcp?key=abc')).toBe(
      'GET https://a.example/mcp?[redacted] failed',
    )
  })

  it('leaves messages without secrets alone', () => {
    expect(redactSecrets('Connection closed', secrets)).toBe('Connection closed')
  })
})

describe('sealed secrets column', () => {
  const box = new SecretBox(randomBytes(32))
  const secrets = { env: { API_KEY: 'sk-live-123456' }, headers: {}, url: { query: [['token', 'q-123456789'] as [string, string]] } }

  it('seals the values and keeps only the key names readable', () => {
    const column = sealServerSecrets(box, secrets)
    expect(JSON.stringify(column)).not.toMatch(/sk-live|q-1234/)
    expect(column.keys).toEqual({ env: ['API_KEY'], headers: [] })
    expect(secretKeysOfColumn(column)).toEqual({ env: ['API_KEY'], headers: [] })
    expect(openServerSecrets(box, column)).toEqual(secrets)
  })

  it('reads plain rows from before encryption', () => {
    const plain = { env: { A: 'value-1' }, headers: {} }
    expect(isPlainSecretsColumn(plain)).toBe(true)
    expect(openServerSecrets(box, plain)).toEqual({ env: { A: 'value-1' }, headers: {}, url: { query: [] } })
    expect(secretKeysOfColumn(plain)).toEqual({ env: ['A'], headers: [] })
    expect(openServerSecrets(box, {})).toEqual({ env: {}, headers: {}, url: { query: [] } })
  })

  it('lists every value to redact, including the credential of a scheme header and URL parts', () => {
    expect(serverSecretValues({ env: {}, headers: { Authorization: 'Bearer tok-1234' }, url: { query: [['k', 'a%2Fb-secret']] } })).toEqual([
      'Bearer tok-1234',
      'tok-1234',
      'a%2Fb-secret',
      'a/b-secret',
    ])
  })
})
