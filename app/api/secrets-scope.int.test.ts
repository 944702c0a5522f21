/**
 * Redaction is scoped to what a run can see, and no secret rests in the clear in conversations.
 *
 * - Member B stores values on B's own MCP server that are common words (`Demo reply: `, `the
 *   quarterly figures`, a URL password `pass`); member A's runs, whose output holds those words,
 *   are stored and shown unchanged: events, outputs, the share view, a chat and "Continue in chat".
 *   A's own server's secret, echoed in A's run, is cut out.
 * - A canary echoed by a real SDK MCP server through a chat turn and through "Continue in chat" is
 *   in no conversation view or export, and in no text or jsonb column of any table.
 */
import { graph } from '@/lib/graph/testing/graph-builder'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { startCanaryHttpServer, type CanaryHttpServer } from '@/lib/server/testing/canary-http-server'
import { leakForms } from '@/lib/server/testing/mcp-servers/canary-forms.mjs'
import { callRoute, type TestUser } from '@/lib/server/testing/test-app'
import { createWorkerTestApp, type WorkerTestApp } from '@/lib/server/testing/worker-test-app'
import * as agentsRoute from './agents/route'
import * as agentConversationsRoute from './agents/[id]/conversations/route'
import * as conversationExportRoute from './conversations/[id]/export/route'
import * as conversationMessagesRoute from './conversations/[id]/messages/route'
import * as serversRoute from './mcp-servers/route'
import * as continueInChatRoute from './runs/[id]/continue-in-chat/route'
import * as shareLinksRoute from './runs/[id]/share-links/route'
import * as runsRoute from './runs/route'
import * as shareRoute from './share/[token]/route'
import * as workflowsRoute from './workflows/route'

const tag = () => randomBytes(12).toString('hex')
const WORDS = 'the quarterly figures are in /etc/passwd, pass them on'

function agentGraph(serverIds: string[]): GraphDocument {
  return graph()
    .start()
    .agent('agent', { name: 'Demo', instructions: 'Answer.', mcpServerIds: serverIds, toolApprovalMode: 'never_require' })
    .output()
    .chain('start', 'agent', 'output')
    .build()
}

describe('redaction scoped to what a run can see', () => {
  let app: WorkerTestApp
  let http: CanaryHttpServer
  let alice: TestUser
  let bob: TestUser

  beforeAll(async () => {
    http = await startCanaryHttpServer('AGENTLOOM_UNSET_FOR_THIS_TEST')
    app = await createWorkerTestApp()
    alice = await app.addUser('member')
    bob = await app.addUser('member')
  })
  afterAll(async () => {
    await app?.close()
    await http?.close()
  })

  async function ok<T = any>(status: number, response: Promise<{ status: number; body: T }>): Promise<T> {
    const answered = await response
    expect(answered.status, JSON.stringify(answered.body)).toBe(status)
    return answered.body
  }

  async function createServer(as: TestUser, body: Record<string, unknown>): Promise<void> {
    await ok(201, callRoute(serversRoute.POST, { as, body: { transport: 'http', ...body } }))
  }

  /** A run of a one-agent workflow (demo model) through the API, to its end. */
  async function runWorkflow(as: TestUser, serverIds: string[], input: string) {
    const created = await ok(201, callRoute(workflowsRoute.POST, { as, body: { name: `w ${tag()}`, graph: agentGraph(serverIds) } }))
    const workflowId: string = created.workflow?.id ?? created.id
    const started = await ok(201, callRoute(runsRoute.POST, { as, body: { workflowId, input } }))
    const runId: string = started.run?.id ?? started.id
    const run = await app.endedRun(runId)
    expect(run.status, run.error ?? '').toBe('succeeded')
    return run
  }

  async function storedEvents(runId: string): Promise<string> {
    const rows = await app.db.sql.query<{ data: string }>(`SELECT data::text AS data FROM "RunEvent" WHERE "runId" = $1 ORDER BY sequence`, [runId])
    return rows.map((row) => row.data).join('\n')
  }

  async function shareView(as: TestUser, runId: string): Promise<string> {
    const link = await ok(201, callRoute(shareLinksRoute.POST, { as, params: { id: runId }, body: {} }))
    const token = String(link.token ?? String(link.url).split('/').pop())
    return JSON.stringify(await ok(200, callRoute(shareRoute.GET, { as: null, params: { token } })))
  }

  async function conversationViews(as: TestUser, id: string): Promise<{ messages: string; json: string; markdown: string }> {
    const messages = JSON.stringify(await ok(200, callRoute(conversationMessagesRoute.GET, { as, params: { id } })))
    const exportOf = async (format: string) => {
      const response = await conversationExportRoute.GET(
        new Request(`http://localhost/api/conversations/${id}/export?format=${format}`, { headers: { authorization: `Bearer ${as.token}` } }),
        { params: Promise.resolve({ id }) },
      )
      expect(response.status).toBe(200)
      return response.text()
    }
    return { messages, json: await exportOf('json'), markdown: await exportOf('markdown') }
  }

  /** A chat with a new saved agent (demo model, these servers): one turn, to its end; the conversation's id. */
  async function chat(as: TestUser, serverIds: string[], text: string): Promise<string> {
    const definition = agentGraph(serverIds).nodes[1].data
    const { agent } = await ok(201, callRoute(agentsRoute.POST, { as, body: { name: `a ${tag()}`, definition } }))
    const conversation = await ok(201, callRoute(agentConversationsRoute.POST, { as, params: { id: agent.id }, body: {} }))
    const sent = await ok(202, callRoute(conversationMessagesRoute.POST, { as, params: { id: conversation.id }, body: { text } }))
    const run = await app.endedRun(sent.runId)
    expect(run.status, run.error ?? '').toBe('succeeded')
    return conversation.id
  }

  async function continueInChat(as: TestUser, runId: string): Promise<string> {
    return (await ok(201, callRoute(continueInChatRoute.POST, { as, params: { id: runId }, body: { nodeId: 'agent' } }))).id
  }

  it("leaves a member's run untouched by another member's secrets, and cuts the member's own", { timeout: 120_000 }, async () => {
    const port = new URL(http.url).port
    await createServer(bob, {
      id: `bob-${tag()}`,
      name: "Bob's",
      config: { url: `http://bob:pass@127.0.0.1:${port}/mcp` },
      secrets: { headers: { 'X-Greeting': 'Demo reply: ', 'X-Topic': 'the quarterly figures' } },
    })
    const aliceSecret = `Bearer ALICE-${tag()}`
    const aliceServer = `alice-${tag()}`
    await createServer(alice, { id: aliceServer, name: "Alice's", config: { url: `${http.url}/mcp` }, secrets: { headers: { Authorization: aliceSecret } } })

    // Words that are Bob's secrets, in Alice's run: stored and shown as they are.
    const plain = await runWorkflow(alice, [], WORDS)
    const reply = `Demo reply: ${WORDS}`
    expect(plain.outputs).toEqual([reply])
    const events = await storedEvents(plain.id)
    expect(events).toContain(reply)
    expect(events).not.toContain('[redacted]')
    const shared = await shareView(alice, plain.id)
    expect(shared).toContain(reply)
    expect(shared).not.toContain('[redacted]')
    const continued = await conversationViews(alice, await continueInChat(alice, plain.id))
    const chatted = await conversationViews(alice, await chat(alice, [], WORDS))
    for (const view of [...Object.values(continued), ...Object.values(chatted)]) {
      expect(view).toContain(reply)
      expect(view).not.toContain('[redacted]')
    }

    // Alice's own server's secret, echoed in Alice's run, is cut out.
    const leaky = await runWorkflow(alice, [aliceServer], `/call ${aliceServer}_leak {}`)
    const leakyEvents = await storedEvents(leaky.id)
    expect(leakyEvents).toContain('header.whole=[redacted]')
    for (const form of Object.values(leakForms(aliceSecret))) expect(leakyEvents).not.toContain(form)
  })

  it('keeps a canary echoed through a chat turn and "Continue in chat" out of every view and every column', { timeout: 120_000 }, async () => {
    const canary = `CANARY-CHAT-${tag()}`
    const envCanary = `CANARY-ENV-${tag()}`
    const admin = app.admin
    await createServer(admin, {
      id: 'scope-canary-http',
      name: 'Canary http',
      config: { url: `${http.url}/mcp` },
      secrets: { headers: { Authorization: canary } },
    })
    await ok(
      201,
      callRoute(serversRoute.POST, {
        as: admin,
        body: {
          id: 'scope-canary-stdio',
          name: 'Canary stdio',
          transport: 'stdio',
          config: { command: 'node', args: ['lib/server/testing/mcp-servers/canary-stdio.mjs'] },
          secrets: { env: { CANARY_ENV: envCanary } },
        },
      }),
    )

    const chatId = await chat(admin, ['scope-canary-http'], '/call scope-canary-http_leak {}')
    const run = await runWorkflow(admin, ['scope-canary-stdio'], '/call scope-canary-stdio_leak {}')
    const continuedId = await continueInChat(admin, run.id)
    const views = [...Object.values(await conversationViews(admin, chatId)), ...Object.values(await conversationViews(admin, continuedId))]

    // The leaks happened and came out redacted.
    expect(views.join('\n')).toContain('header.whole=[redacted]')
    expect(views.join('\n')).toContain('env.whole=[redacted]')
    const leaks: string[] = []
    const forms = [...Object.entries(leakForms(canary)), ...Object.entries(leakForms(envCanary))]
    for (const [index, view] of views.entries()) for (const [form, value] of forms) if (view.includes(value)) leaks.push(`${form} in view ${index}`)

    // Every text and jsonb column of every table: sealed columns hold ciphertext, nothing else may hold a form of either canary.
    const columns = await app.db.sql.query<{ schema: string; table: string; column: string }>(
      `SELECT table_schema AS schema, table_name AS table, column_name AS column FROM information_schema.columns
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND data_type IN ('text', 'character varying', 'jsonb', 'json')
         AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE')`,
    )
    expect(columns.length).toBeGreaterThan(20)
    for (const { schema, table, column } of columns) {
      for (const [form, value] of forms) {
        const [found] = await app.db.sql.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM "${schema}"."${table}" WHERE strpos("${column}"::text, $1) > 0`,
          [value],
        )
        if (found.count > 0) leaks.push(`${form} in ${schema}.${table}.${column}`)
      }
    }
    expect(leaks).toEqual([])
  })
})
