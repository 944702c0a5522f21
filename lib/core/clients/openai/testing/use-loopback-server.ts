/**
 * For the clients' integration tests (imports vitest, so not in this folder's index): one loopback
 * server for the test file, handed to `use` once it listens, closed after the last test; between
 * tests, every scripted reply must have been taken and the recorded requests start empty.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { startLoopbackOpenAIServer, type LoopbackOpenAIServer } from './loopback-openai-server'

export function useLoopbackOpenAIServer(use: (server: LoopbackOpenAIServer) => void): void {
  let server: LoopbackOpenAIServer | undefined
  beforeAll(async () => {
    server = await startLoopbackOpenAIServer()
    use(server)
  })
  afterAll(async () => {
    await server?.close()
  })
  beforeEach(() => {
    expect(server!.pendingReplies).toBe(0)
    server!.requests.length = 0
  })
}
