import { describe, expect, it } from 'vitest'
import { answerOf } from './testing/http-answer'
import { bodyLimitsFromEnv, readBodyText } from './request-body'

function streamedRequest(chunks: Uint8Array[], headers: Record<string, string> = {}): { request: Request; pulled: () => number } {
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks.length) controller.close()
      else controller.enqueue(chunks[pulled++])
    },
  })
  return { request: new Request('http://localhost/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit), pulled: () => pulled }
}

const rejection = answerOf

describe('bodyLimitsFromEnv', () => {
  it('defaults to 1 MiB, and 5 MiB for imports', () => {
    expect(bodyLimitsFromEnv({})).toEqual({ default: 1_048_576, import: 5_242_880 })
  })

  it('reads both variables, ignores nonsense, and never lets the import limit fall below the default', () => {
    expect(bodyLimitsFromEnv({ AGENTLOOM_MAX_BODY_BYTES: '2000', AGENTLOOM_MAX_IMPORT_BODY_BYTES: '9000' })).toEqual({ default: 2000, import: 9000 })
    expect(bodyLimitsFromEnv({ AGENTLOOM_MAX_BODY_BYTES: '-5', AGENTLOOM_MAX_IMPORT_BODY_BYTES: 'lots' })).toEqual({ default: 1_048_576, import: 5_242_880 })
    expect(bodyLimitsFromEnv({ AGENTLOOM_MAX_BODY_BYTES: '10000000' }).import).toBe(10_000_000)
  })
})

describe('readBodyText', () => {
  it('reads a body within the limit, exactly at it too', async () => {
    const { request } = streamedRequest([new TextEncoder().encode('{"a":'), new TextEncoder().encode('"é"}')])
    expect(await readBodyText(request, 11)).toBe('{"a":"é"}')
    expect(await readBodyText(new Request('http://localhost/', { method: 'GET' }), 1)).toBe('')
  })

  it('stops reading at the limit: 413 without pulling the rest of the stream', async () => {
    const chunk = new Uint8Array(1000)
    const { request, pulled } = streamedRequest(Array.from({ length: 100 }, () => chunk))
    expect(await rejection(readBodyText(request, 2500))).toMatchObject({ status: 413, code: 'payload_too_large' })
    expect(pulled()).toBeLessThan(10)
  })

  it('refuses a declared Content-Length over the limit before reading anything', async () => {
    const { request } = streamedRequest([new Uint8Array(10)], { 'content-length': '999999999999' })
    expect(await rejection(readBodyText(request, 100))).toMatchObject({ status: 413 })
    expect(request.bodyUsed).toBe(false)
  })

  it('refuses bytes that are not UTF-8 with a 400', async () => {
    const { request } = streamedRequest([new Uint8Array([0x7b, 0xff, 0x7d])])
    expect(await rejection(readBodyText(request, 100))).toMatchObject({ status: 400, code: 'invalid_encoding' })
  })
})
