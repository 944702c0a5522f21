import { describe, expect, it } from 'vitest'
import { chatPageToken } from './publication-frame-origins'
import { visitorEventOf, visitorTurnStream } from './visitor-turn-stream'

const TOKEN = 'a'.repeat(43)

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

describe("a visitor's view of a turn", () => {
  it('keeps the reply text, waiting for an approval and the end; drops tool calls, instructions and usage', () => {
    expect(visitorEventOf({ type: 'agent_update', data: { text: 'Hi' } })).toEqual({ type: 'text', text: 'Hi' })
    expect(visitorEventOf({ type: 'agent_update', data: { text: '' } })).toBeUndefined()
    expect(visitorEventOf({ type: 'approval_requested', data: { approval: { title: 'Run word_count?' } } })).toEqual({ type: 'waiting' })
    expect(visitorEventOf({ type: 'approval_resolved', data: {} })).toEqual({ type: 'resumed' })
    expect(visitorEventOf({ type: 'run_succeeded', data: { outputs: ['secret-ish'] } })).toEqual({ type: 'end', status: 'succeeded' })
    expect(visitorEventOf({ type: 'run_failed', data: { error: 'HTTP 401 from https://internal.example/v1 (key sk-...)' } })).toEqual({
      type: 'end',
      status: 'failed',
      message: expect.not.stringContaining('internal'),
    })
    for (const type of ['tool_call', 'tool_result', 'agent_response', 'executor_invoked', 'run_queued', 'mcp_connected', 'custom']) {
      expect(visitorEventOf({ type, data: { name: 'word_count', usage: { totalTokenCount: 3 } } }), type).toBeUndefined()
    }
  })

  it('rewrites SSE frames across chunk boundaries, keeping every id so that a reconnect resumes', async () => {
    const frames = [
      'retry: 1000\n\n',
      `id: 1\ndata: ${JSON.stringify({ sequence: 1, type: 'run_started', data: {} })}\n\nid: 2\ndata: ${JSON.stringify({ sequence: 2, type: 'agent_update', data: { text: 'Hel' } })}\n\nid: 3\nda`,
      `ta: ${JSON.stringify({ sequence: 3, type: 'tool_call', data: { name: 'word_count', arguments: '{}' } })}\n\n`,
      `id: 4\ndata: ${JSON.stringify({ sequence: 4, type: 'run_succeeded', data: { outputs: [] } })}\n\n`,
      'event: end\ndata: {}\n\n',
    ]
    const text = await new Response(visitorTurnStream(streamOf(frames))).text()
    expect(text).toBe(
      'retry: 1000\n\n' +
        'id: 1\n\n' +
        `id: 2\ndata: ${JSON.stringify({ type: 'text', text: 'Hel' })}\n\n` +
        'id: 3\n\n' +
        `id: 4\ndata: ${JSON.stringify({ type: 'end', status: 'succeeded' })}\n\n` +
        'event: end\ndata: {}\n\n',
    )
  })

  it("finds a chat page's token, and nothing else", () => {
    expect(chatPageToken(`/chat/${TOKEN}`)).toBe(TOKEN)
    expect(chatPageToken(`/chat/${TOKEN}/`)).toBe(TOKEN)
    for (const path of ['/chat/short', `/chat/${TOKEN}/more`, `/share/${TOKEN}`, `/api/public/chat/${TOKEN}`]) expect(chatPageToken(path)).toBeUndefined()
  })
})
