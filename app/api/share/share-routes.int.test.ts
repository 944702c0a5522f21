/**
 * Share links as their owner and a stranger see them: the owner chooses whether the agents'
 * instructions are shown (off by default), and nothing of the share API is ever cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as runShareLinksRoute from '../runs/[id]/share-links/route'
import * as runsRoute from '../runs/route'
import * as workflowsRoute from '../workflows/route'
import * as shareRoute from './[token]/route'
import { shareFrameOrigins } from '@/lib/server/share/share-frame-origins'

const INSTRUCTIONS = 'Answer like the house poet.'

const graph = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'poet', kind: 'agent', position: { x: 200, y: 0 }, data: { name: 'Poet', instructions: INSTRUCTIONS } },
    { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'poet' },
    { id: 'b', source: 'poet', target: 'output' },
  ],
} as GraphDocument

describe('share links', () => {
  let app: TestApp
  let owner: TestUser
  let runId: string

  beforeAll(async () => {
    app = await createTestApp()
    owner = await app.addUser('member')
    const workflow = await callRoute(workflowsRoute.POST, { body: { name: 'poem', graph }, as: owner })
    expect(workflow.status).toBe(201)
    const run = await callRoute(runsRoute.POST, { body: { workflowId: workflow.body.workflow.id, input: 'a poem' }, as: owner })
    runId = run.body.run.id
  })
  afterAll(async () => app?.close())

  const share = async (body: Record<string, unknown>) => {
    const created = await callRoute(runShareLinksRoute.POST, { params: { id: runId }, body, as: owner })
    expect(created.status).toBe(201)
    return created.body as { token: string; shareLink: { id: string; includeInstructions: boolean; frameOrigins: string[] } }
  }
  const open = (token: string) => callRoute(shareRoute.GET, { params: { token }, as: null })

  it('leaves the agents’ instructions out by default', async () => {
    const { token, shareLink } = await share({})
    expect(shareLink.includeInstructions).toBe(false)
    const shared = await open(token)
    expect(shared.status).toBe(200)
    expect(shared.body.graph.nodes.find((node: { id: string }) => node.id === 'poet').data).not.toHaveProperty('instructions')
    expect(JSON.stringify(shared.body)).not.toContain(INSTRUCTIONS)
  })

  it('shows them when the owner included them', async () => {
    const { token, shareLink } = await share({ includeInstructions: true })
    expect(shareLink.includeInstructions).toBe(true)
    const shared = await open(token)
    expect(shared.body.graph.nodes.find((node: { id: string }) => node.id === 'poet').data.instructions).toBe(INSTRUCTIONS)
    const listed = await callRoute(runShareLinksRoute.GET, { params: { id: runId }, as: owner })
    expect(listed.body.shareLinks.map((link: { includeInstructions: boolean }) => link.includeInstructions).sort()).toEqual([false, true])
  })

  it('answers with Cache-Control: no-store, errors included', async () => {
    const { token } = await share({})
    expect((await open(token)).headers.get('cache-control')).toBe('no-store')
    const unknown = await open('A'.repeat(43))
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('cache-control')).toBe('no-store')
    expect((await open('short')).headers.get('cache-control')).toBe('no-store')
  })

  it('keeps the origins allowed to frame the shared page, and forgets them once the link is revoked', async () => {
    const { token, shareLink } = await share({ frameOrigins: ['https://Wiki.Example.com/', 'http://127.0.0.1:4000', 'https://wiki.example.com'] })
    expect(shareLink.frameOrigins).toEqual(['https://wiki.example.com', 'http://127.0.0.1:4000'])
    expect(await shareFrameOrigins(token)).toEqual(['https://wiki.example.com', 'http://127.0.0.1:4000'])
    expect(await shareFrameOrigins((await share({})).token)).toEqual([])
    await app.db.prisma.shareLink.update({ where: { id: shareLink.id }, data: { revokedAt: new Date() } })
    expect(await shareFrameOrigins(token)).toEqual([])
  })

  it('refuses frame origins that are not bare http(s) origins with 400', async () => {
    for (const origin of [
      'https://wiki.example.com/page',
      "https://a.example 'unsafe-inline'",
      '*',
      'javascript:alert(1)',
      'https://*.example.com',
      'ftp://x.example',
    ]) {
      const refused = await callRoute(runShareLinksRoute.POST, { params: { id: runId }, body: { frameOrigins: [origin] }, as: owner })
      expect(refused.status, origin).toBe(400)
      expect(refused.body.error.code, origin).toBe('invalid_request')
    }
  })

  it('refuses a non-boolean includeInstructions with 400', async () => {
    const refused = await callRoute(runShareLinksRoute.POST, { params: { id: runId }, body: { includeInstructions: 'yes' }, as: owner })
    expect(refused.status).toBe(400)
  })
})
