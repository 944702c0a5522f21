/**
 * The requests issue #11 saw break the API, each answered now with a 4xx in the JSON error shape
 * and nothing stored: 20,000 levels of nesting in an approval answer, NUL in the conversation
 * forwarding endpoint, oversized bodies, and manifests with huge names or thousands of entries.
 * (Malformed percent-encoding and TRACE are the proxy's: request-screen.test.ts, raw-request-guard.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLE_WORKFLOW_ID } from '@/lib/server/seed'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import * as approvalRoute from './approvals/[id]/route'
import * as importRoute from './mcp-servers/import/route'
import * as workflowRoute from './workflows/[id]/route'
import * as runsRoute from './runs/route'

describe('requests that once broke the API', () => {
  let app: TestApp
  let approvalId: string
  beforeAll(async () => {
    app = await createTestApp()
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow({ where: { workflowId: EXAMPLE_WORKFLOW_ID } })
    const run = await app.db.prisma.run.create({ data: { workflowId: EXAMPLE_WORKFLOW_ID, versionId: version.id, ownerId: app.admin.id, input: 'x' } })
    const approval = await app.db.prisma.approvalRequest.create({
      data: {
        runId: run.id,
        ownerId: app.admin.id,
        kind: 'human_input',
        source: 'test',
        title: 'Answer',
        payload: {},
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    })
    approvalId = approval.id
  })
  afterAll(async () => app?.close())

  it('an approval answer nested 20,000 levels deep is a 400, and the approval stays pending', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000)
    const response = await callRoute(approvalRoute.POST, { params: { id: approvalId }, rawBody: `{"decision":"approve","content":{"a":${deep}}}` })
    expect(response).toMatchObject({ status: 400, body: { error: { code: 'too_deeply_nested' } } })
    expect((await app.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: approvalId } })).status).toBe('pending')
  })

  it('NUL or a lone surrogate in the conversation forwarding endpoint is a 400, not a database error', async () => {
    for (const endpoint of ['http://example.test/\u0000x', 'http://example.test/\ud800']) {
      const response = await callRoute(workflowRoute.PATCH, {
        params: { id: EXAMPLE_WORKFLOW_ID },
        body: { settings: { conversationForwarding: { enabled: true, endpoint } } },
      })
      expect(response).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_text', details: { issues: [{ path: 'settings.conversationForwarding.endpoint' }] } } },
      })
    }
    const workflow = await app.db.prisma.workflow.findUniqueOrThrow({ where: { id: EXAMPLE_WORKFLOW_ID } })
    expect(JSON.stringify(workflow.settings)).not.toContain('example.test')
  })

  it('a body over the limit is a 413, whether declared or streamed', async () => {
    const runsBefore = await app.db.prisma.run.count()
    const big = JSON.stringify({ workflowId: EXAMPLE_WORKFLOW_ID, input: 'x'.repeat(1_100_000) })
    expect(await callRoute(runsRoute.POST, { rawBody: big })).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } })
    expect(await callRoute(runsRoute.POST, { rawBody: '{}', headers: { 'content-length': '50000000' } })).toMatchObject({ status: 413 })
    expect(await app.db.prisma.run.count()).toBe(runsBefore)
  })

  it('manifest import refuses 1 MB names and thousands of entries, importing nothing', async () => {
    const serversBefore = await app.db.prisma.mcpServer.count()
    const hugeName = { manifest: { mcpServers: [{ mcpServerName: 'n'.repeat(1_000_000), url: 'http://localhost:9/mcp' }] } }
    expect(await callRoute(importRoute.POST, { body: hugeName })).toMatchObject({ status: 400, body: { error: { code: 'tooling_manifest_invalid' } } })
    const thousands = { manifest: { mcpServers: Array.from({ length: 5_000 }, (_, i) => ({ mcpServerName: `s${i}`, url: 'http://localhost:9/mcp' })) } }
    expect(await callRoute(importRoute.POST, { body: thousands })).toMatchObject({
      status: 400,
      body: { error: { code: 'tooling_manifest_invalid', details: { problems: [{ path: 'mcpServers' }] } } },
    })
    expect(await app.db.prisma.mcpServer.count()).toBe(serversBefore)
  })
})
