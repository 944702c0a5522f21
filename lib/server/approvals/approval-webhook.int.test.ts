/**
 * The approval webhook against a real HTTP receiver on loopback, through the real outbound policy: delivered when
 * the policy allows the address, refused (and nothing sent) when it does not, redirects not followed, and what the
 * receiver answers never repeated.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundAllowList } from '../outbound/outbound-address-rules'
import { OutboundPolicy } from '../outbound/outbound-policy'
import { pinnedFetch } from '../outbound/pinned-connection'
import { approvalWebhookBody, deliverApprovalWebhook, type ApprovalWebhookMessage } from './approval-webhook'

const message: ApprovalWebhookMessage = {
  kind: 'sampling',
  title: 'Summarise <!channel> & the notes',
  source: 'docs-server',
  link: 'https://agentloom.example/approvals#a1',
}

describe('the approval webhook', () => {
  let receiver: Server
  let base: string
  const received: Array<{ path: string; type: string | undefined; body: string }> = []

  beforeAll(async () => {
    receiver = createServer((request: IncomingMessage, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push({ path: request.url ?? '', type: request.headers['content-type'], body })
        if (request.url === '/moved') return response.writeHead(302, { location: '/hook' }).end()
        if (request.url === '/broken') return response.writeHead(500).end('internal secret detail')
        response.writeHead(200).end('ok')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

  const allowingLoopback = pinnedFetch(new OutboundPolicy({ allow: OutboundAllowList.parse('127.0.0.0/8') }))
  const publicOnly = pinnedFetch(new OutboundPolicy())

  it('posts the title, the source and the link as a chat message, markup in the title escaped', async () => {
    received.length = 0
    expect(await deliverApprovalWebhook(`${base}/hook`, message, allowingLoopback)).toEqual({ ok: true })
    expect(received).toEqual([{ path: '/hook', type: 'application/json', body: JSON.stringify(approvalWebhookBody(message)) }])
    expect(JSON.parse(received[0]!.body)).toEqual({
      text: 'docs-server asks to use the model: Summarise &lt;!channel&gt; &amp; the notes\n<https://agentloom.example/approvals#a1|Answer it in Agentloom>',
    })
  })

  it('says to whom it was escalated and how long it waited, and what asks', () => {
    expect(
      approvalWebhookBody({
        ...message,
        kind: 'human_input',
        title: 'Ship it?',
        origin: 'a run of "Triage"',
        escalatedAfterMinutes: 30,
        escalatedTo: ['Ann', 'Bo'],
      }).text,
    ).toMatch(/^Escalated to the workspace owners: Ann, Bo\. Still waiting after 30 min: docs-server asks a question: Ship it\? \(a run of "Triage"\)\n/)
  })

  it('refuses an inside address under the outbound policy, and sends nothing', async () => {
    received.length = 0
    const delivery = await deliverApprovalWebhook(`${base}/hook`, message, publicOnly)
    expect(delivery).toMatchObject({ ok: false, refused: true })
    expect(delivery.ok === false && delivery.reason).toMatch(/refused by the outbound policy/)
    expect(received).toEqual([])
  })

  it('follows no redirect, and repeats nothing the receiver said', async () => {
    received.length = 0
    expect(await deliverApprovalWebhook(`${base}/moved`, message, allowingLoopback)).toEqual({
      ok: false,
      reason: 'the webhook answered with a redirect (HTTP 302), which is not followed',
      status: 302,
    })
    expect(received.map((each) => each.path)).toEqual(['/moved'])
    expect(await deliverApprovalWebhook(`${base}/broken`, message, allowingLoopback)).toEqual({
      ok: false,
      reason: 'the webhook answered HTTP 500',
      status: 500,
    })
  })

  it('says it could not connect when nothing listens', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    expect(await deliverApprovalWebhook(`http://127.0.0.1:${port}/hook`, message, allowingLoopback)).toEqual({
      ok: false,
      reason: 'could not connect to the webhook',
    })
  })
})
