/**
 * An MCP server that asks the person for information (elicitation/create) gets a form in the
 * browser: the request becomes an approval, and the person's answer (or refusal) goes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DemoChatClient } from '@/lib/core'
import { createTestApp, principalOf } from '../testing/test-app'
import { closeMcpServers, connectMcpServers } from './mcp-connections'

describe('MCP elicitation through approvals', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let runId: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    await app.db.prisma.mcpServer.create({
      data: { id: 'asker', name: 'Asker', transport: 'stdio', config: { command: 'node', args: ['lib/core/mcp/__fixtures__/sampling-server.mjs'] } },
    })
    const version = await app.db.prisma.workflowVersion.findFirstOrThrow()
    runId = (await app.db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: '', status: 'running' } })).id
  })
  afterAll(async () => app?.close())

  async function ask(decide: (approvalId: string) => Promise<unknown>): Promise<string> {
    const tools = await connectMcpServers(['asker'], {
      app,
      runId,
      nameOwner: { workspaceId: null, isAdmin: true },
      samplingClient: new DemoChatClient(),
      signal: new AbortController().signal,
    })
    try {
      const calling = tools.get('asker')!.callTool('confirm', { action: 'deploy' })
      let pending
      while (!(pending = (await app.approvals.list(principalOf(app.admin), { status: 'pending', runId }))[0])) await new Promise((r) => setTimeout(r, 50))
      expect(pending).toMatchObject({ kind: 'elicitation', source: 'asker', payload: { message: 'Allow deploy?', requestedSchema: { required: ['allow'] } } })
      await decide(pending.id)
      const result = (await calling) as { content: Array<{ text: string }> }
      return result.content[0].text
    } finally {
      await closeMcpServers(tools)
    }
  }

  it('sends the person’s answers back when they accept', async () => {
    const text = await ask((id) => app.approvals.answer(principalOf(app.admin), id, { decision: 'approve', content: { allow: true } }))
    expect(JSON.parse(text)).toEqual({ action: 'accept', content: { allow: true } })
  })

  it('declines when the person denies', async () => {
    const text = await ask((id) => app.approvals.answer(principalOf(app.admin), id, { decision: 'deny' }))
    expect(JSON.parse(text)).toMatchObject({ action: 'decline' })
  })
})
