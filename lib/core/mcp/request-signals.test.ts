import { getEventListeners } from 'node:events'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AbortError } from '../errors'
import { scopedSignal } from './request-signals'
import { InMemoryMCPTool } from './testing/in-memory-tool'

const quietLogger = { warn: () => {}, info: () => {}, debug: () => {} }

describe('scopedSignal', () => {
  it('gives no signal without a caller signal', () => {
    expect(scopedSignal(undefined).signal).toBeUndefined()
  })

  it('puts one listener on the caller signal however many requests follow it', () => {
    const caller = new AbortController().signal
    for (let i = 0; i < 1_000; i++) {
      const scoped = scopedSignal(caller)
      scoped.signal!.addEventListener('abort', () => {})
      scoped.dispose()
    }
    expect(getEventListeners(caller, 'abort')).toHaveLength(1)
  })

  it('hands the abort to requests in flight only, with the caller reason', () => {
    const controller = new AbortController()
    const settled = scopedSignal(controller.signal)
    const inFlight = scopedSignal(controller.signal)
    const calls: string[] = []
    settled.signal!.addEventListener('abort', () => calls.push('settled'))
    inFlight.signal!.addEventListener('abort', () => calls.push('in flight'))
    const removed = () => calls.push('removed')
    inFlight.signal!.addEventListener('abort', removed)
    inFlight.signal!.removeEventListener('abort', removed)
    settled.dispose()
    expect(inFlight.signal!.aborted).toBe(false)
    controller.abort(new Error('stop'))
    expect(calls).toEqual(['in flight'])
    expect(inFlight.signal!.aborted).toBe(true)
    expect((inFlight.signal!.reason as Error).message).toBe('stop')
    expect(() => inFlight.signal!.throwIfAborted()).toThrow('stop')
  })

  it('is aborted at once for a caller signal that already fired', () => {
    const scoped = scopedSignal(AbortSignal.abort(new Error('too late')))
    expect(scoped.signal!.aborted).toBe(true)
    expect(() => scoped.signal!.throwIfAborted()).toThrow('too late')
  })
})

describe('MCPTool calls with a caller signal', () => {
  function slowServer(seen: { cancelled: number; started: () => void }) {
    return () => {
      const server = new McpServer({ name: 'slow', version: '1' })
      server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }))
      server.registerTool('wait', { inputSchema: {} }, async (_args, extra) => {
        seen.started()
        await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve(), { once: true }))
        seen.cancelled += 1
        return { content: [{ type: 'text', text: 'cancelled' }] }
      })
      return server
    }
  }

  it('aborts a call in flight: the caller gets an AbortError and the server is told to cancel', async () => {
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const seen = { cancelled: 0, started: () => started() }
    const tool = new InMemoryMCPTool({ name: 'slow', logger: quietLogger, serverFactory: slowServer(seen) })
    await tool.connect()
    try {
      const controller = new AbortController()
      const call = tool.callTool('wait', {}, { signal: controller.signal })
      await running
      controller.abort()
      await expect(call).rejects.toBeInstanceOf(AbortError)
      await expect.poll(() => seen.cancelled).toBe(1)
      // The connection is still good for the next call.
      const next = await tool.callTool('echo', { text: 'after' })
      expect(next.content).toEqual([{ type: 'text', text: 'after' }])
    } finally {
      await tool.close()
    }
  })

  it('keeps one listener on a long-lived signal across many calls', async () => {
    const seen = { cancelled: 0, started: () => {} }
    const tool = new InMemoryMCPTool({ name: 'slow', logger: quietLogger, serverFactory: slowServer(seen) })
    await tool.connect()
    try {
      const longLived = new AbortController().signal
      for (let i = 0; i < 50; i++) await tool.callTool('echo', { text: String(i) }, { signal: longLived })
      expect(getEventListeners(longLived, 'abort')).toHaveLength(1)
    } finally {
      await tool.close()
    }
  })
})
