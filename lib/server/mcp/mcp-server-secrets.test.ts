import { describe, expect, it } from 'vitest'
import { mergeSecrets, redactSecrets, secretKeysOf, secretsForTransport } from './mcp-server-secrets'

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
    expect(redacted).toBe('spawn failed with [redacted]; server said: bad token [redacted] (header "[redacted]"), echo [redacted]')
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
