/**
 * A plain HTTP server on 127.0.0.1 that records every request (method, path, headers, JSON body)
 * and answers with the status and body the test sets — or never answers, to exercise timeouts.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
}

export interface RecordingHttpServer {
  url: string
  requests: RecordedRequest[]
  reply: { status: number; body: string; hang?: boolean }
  close(): Promise<void>
}

export async function startRecordingHttpServer(): Promise<RecordingHttpServer> {
  const requests: RecordedRequest[] = []
  const reply: RecordingHttpServer['reply'] = { status: 200, body: '{}' }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // keep the text
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body })
      if (reply.hang) return
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
