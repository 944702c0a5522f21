import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { declarationOf, defineRoute, ok, successStatus } from './define-route'

describe('defineRoute', () => {
  it('refuses path params holding NUL or lone surrogates before anything runs', async () => {
    let ran = false
    const handler = defineRoute({
      method: 'GET',
      path: '/api/x/[id]',
      access: 'public',
      params: z.object({ id: z.string() }),
      responses: ok(),
      handler: async () => {
        ran = true
        return { ok: true }
      },
    })
    const response = await handler(new Request('http://localhost/api/x/a%00b'), { params: Promise.resolve({ id: 'a\u0000b' }) })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_text', details: { issues: [{ path: 'id' }] } } })
    expect(ran).toBe(false)
  })

  it('carries its declaration, and answers a value with the lowest 2xx it declares', () => {
    const declaration = {
      method: 'POST',
      path: '/api/x',
      access: 'anyone',
      responses: { 200: { description: 'Again' }, 201: { description: 'Made' } },
      handler: async () => ({}),
    } as const
    expect(declarationOf(defineRoute(declaration))).toBe(declaration)
    expect(declarationOf(async () => new Response())).toBeUndefined()
    expect(successStatus(declaration)).toBe(200)
    expect(successStatus({ responses: { 204: { description: 'Gone' } } })).toBe(204)
    expect(successStatus({ responses: {} })).toBe(200)
  })
})
