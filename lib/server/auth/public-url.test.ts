import { describe, expect, it } from 'vitest'
import { requestBaseUrl, serverBaseUrl } from './public-url'

describe('public URL', () => {
  it('prefers AGENTLOOM_PUBLIC_URL, without a trailing slash', () => {
    expect(serverBaseUrl({ AGENTLOOM_PUBLIC_URL: 'https://agents.example/', PORT: '80' })).toBe('https://agents.example')
    expect(requestBaseUrl(new Request('http://127.0.0.1:3000/api/x'), { AGENTLOOM_PUBLIC_URL: 'https://agents.example' })).toBe('https://agents.example')
  })

  it('falls back to where the server listens, or to the request origin', () => {
    expect(serverBaseUrl({ HOST: '127.0.0.1', PORT: '3100' })).toBe('http://127.0.0.1:3100')
    expect(serverBaseUrl({ HOST: '0.0.0.0' })).toBe('http://localhost:3000')
    expect(requestBaseUrl(new Request('http://10.0.0.5:3000/api/x'), {})).toBe('http://10.0.0.5:3000')
    expect(requestBaseUrl(new Request('http://localhost:3100/api/x', { headers: { host: '127.0.0.1:3100' } }), {})).toBe('http://127.0.0.1:3100')
  })
})
