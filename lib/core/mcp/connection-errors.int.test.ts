import { createServer, STATUS_CODES, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { describeConnectionFailure } from './connection-errors'
import { MCPStdioTool } from './stdio-tool'
import { MCPStreamableHTTPTool } from './streamable-http-tool'
import { recordingLogger } from './testing/recording-chat-client'

/** Real failures, each from a real socket or process, classified by walking their cause chains. */

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function listen(server: Server | TcpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return (server.address() as AddressInfo).port
}

async function connectFailure(tool: MCPStreamableHTTPTool | MCPStdioTool): Promise<unknown> {
  cleanups.push(() => tool.close().catch(() => {}))
  return tool.connect().then(
    () => new Error('connected, but a failure was expected'),
    (error: unknown) => error,
  )
}

const httpTool = (url: string, requestTimeoutMs?: number) => new MCPStreamableHTTPTool({ name: 'probe', url, logger: recordingLogger(), requestTimeoutMs })

async function answering(status: number, body: string): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'text/plain' })
    response.end(body)
  })
  return `http://127.0.0.1:${await listen(server)}/mcp`
}

describe('describeConnectionFailure', () => {
  it('says a closed port refused the connection', async () => {
    const closed = createTcpServer()
    const port = await listen(closed)
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    cleanups.pop()
    const failure = describeConnectionFailure(await connectFailure(httpTool(`http://127.0.0.1:${port}/mcp`)), STATUS_CODES)
    expect(failure).toMatchObject({ kind: 'refused', code: 'ECONNREFUSED' })
    expect(failure.message).toContain(`127.0.0.1:${port}`)
  })

  it.each([
    [500, 'Internal Server Error', 'boom'],
    [401, 'Unauthorized', 'no token'],
    [404, 'Not Found', 'nothing here'],
  ])('names the HTTP status %i with its text and what the server said', async (status, text, body) => {
    const failure = describeConnectionFailure(await connectFailure(httpTool(await answering(status, body))), STATUS_CODES)
    expect(failure).toMatchObject({ kind: 'http_status', code: status })
    expect(failure.message).toContain(`HTTP ${status} ${text}`)
    expect(failure.message).toContain(body)
  })

  it('says an unresolvable host name failed in DNS', async () => {
    const failure = describeConnectionFailure(await connectFailure(httpTool('http://agentloom-no-such-host.invalid/mcp')), STATUS_CODES)
    expect(failure.kind).toBe('dns')
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(failure.code)
    expect(failure.message).toContain('agentloom-no-such-host.invalid')
  })

  it('says TLS failed when https:// meets a server that does not speak TLS', async () => {
    const plain = createServer((_request, response) => response.end('plain'))
    const port = await listen(plain)
    const failure = describeConnectionFailure(await connectFailure(httpTool(`https://127.0.0.1:${port}/mcp`)), STATUS_CODES)
    expect(failure.kind).toBe('tls')
    expect(failure.message).toMatch(/^The TLS connection failed: /)
  })

  it('says the server did not answer in time when it accepts and stays silent', async () => {
    const sockets: Socket[] = []
    const silent = createTcpServer((socket) => sockets.push(socket))
    const port = await listen(silent)
    cleanups.push(() => sockets.forEach((socket) => socket.destroy()))
    const failure = describeConnectionFailure(await connectFailure(httpTool(`http://127.0.0.1:${port}/mcp`, 300)), STATUS_CODES)
    expect(failure.kind).toBe('timeout')
  })

  it('says a stdio command was not found', async () => {
    const tool = new MCPStdioTool({ name: 'missing', command: 'agentloom-no-such-command', args: [], logger: recordingLogger() })
    const failure = describeConnectionFailure(await connectFailure(tool))
    expect(failure).toMatchObject({ kind: 'spawn', code: 'ENOENT' })
    expect(failure.message).toContain("'agentloom-no-such-command' was not found")
  })

  it('falls back to the messages of the chain for anything else', () => {
    const error = new Error('fetch failed', { cause: new Error('something odd') })
    expect(describeConnectionFailure(error)).toEqual({ kind: 'other', message: 'fetch failed (something odd)' })
  })
})
