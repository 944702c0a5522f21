import { describe, expect, it } from 'vitest'
import { GET } from './route'

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 description to anyone, without credentials', async () => {
    const response = await GET(new Request('http://localhost/api/openapi.json'), { params: Promise.resolve({}) })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> }
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toContain('/api/runs/{id}/events')
  })
})
