import { describe, expect, it } from 'vitest'
import { answerOf } from './testing/http-answer'
import { z } from 'zod'
import { parseBody, parseQuery, parseWith } from './http'

const schema = z.object({ name: z.string().max(50).optional(), content: z.unknown().optional() })

function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://localhost/api/x', { method: 'POST', body, headers })
}

const failure = answerOf

describe('parseBody', () => {
  it('parses JSON bodies; an empty body is {}', async () => {
    expect(await parseBody(post('{"name":"a"}'), schema)).toEqual({ name: 'a' })
    expect(await parseBody(post(''), schema)).toEqual({})
  })

  it('refuses other media types, malformed JSON, and schema violations', async () => {
    expect(await failure(parseBody(post('{}', { 'content-type': 'text/plain' }), schema))).toMatchObject({ status: 415, code: 'unsupported_media_type' })
    expect(await failure(parseBody(post('{"name":'), schema))).toMatchObject({ status: 400, code: 'invalid_json' })
    expect(await failure(parseBody(post('{"name":5}'), schema))).toMatchObject({ status: 400, code: 'invalid_request' })
  })

  it('refuses 20,000 levels of nesting with a 400 before parsing', async () => {
    const deep = `{"content":${'['.repeat(20_000)}${']'.repeat(20_000)}}`
    expect(await failure(parseBody(post(deep), schema))).toMatchObject({ status: 400, code: 'too_deeply_nested' })
  })

  it('refuses NUL and lone surrogates anywhere, keys included, naming where', async () => {
    expect(await failure(parseBody(post('{"content":{"a":["x\\u0000"]}}'), schema))).toMatchObject({
      status: 400,
      code: 'invalid_text',
      details: { issues: [{ path: 'content.a.0' }] },
    })
    expect(await failure(parseBody(post('{"content":{"\\ud800":1}}'), schema))).toMatchObject({ status: 400, code: 'invalid_text' })
  })

  it('refuses a body over the limit with a 413', async () => {
    const previous = process.env.AGENTLOOM_MAX_BODY_BYTES
    process.env.AGENTLOOM_MAX_BODY_BYTES = '100'
    try {
      expect(await failure(parseBody(post(JSON.stringify({ content: 'x'.repeat(200) })), schema))).toMatchObject({ status: 413, code: 'payload_too_large' })
      expect(await parseBody(post(JSON.stringify({ content: 'x'.repeat(200) })), schema, { limit: 'import' })).toEqual({ content: 'x'.repeat(200) })
    } finally {
      if (previous === undefined) delete process.env.AGENTLOOM_MAX_BODY_BYTES
      else process.env.AGENTLOOM_MAX_BODY_BYTES = previous
    }
  })
})

describe('parseWith and parseQuery', () => {
  it('refuse NUL and lone surrogates in path params and query values', async () => {
    expect(await answerOf(() => parseWith(z.object({ id: z.string() }), { id: 'a\u0000b' }, 'path'))).toMatchObject({ status: 400, code: 'invalid_text' })
    const request = new Request('http://localhost/api/x?name=%ED%A0%80')
    // URLSearchParams decodes a lone surrogate's bytes to replacement characters, which are storable.
    expect(parseQuery(request, schema)).toEqual({ name: '\ufffd'.repeat(3) })
    expect(() => parseQuery(new Request('http://localhost/api/x?name=%00'), schema)).toThrow(expect.objectContaining({ code: 'invalid_text' }))
  })
})
