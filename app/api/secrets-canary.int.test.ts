/**
 * Secrets never leave the server. A distinct canary is planted in every kind of secret — a stdio
 * server's environment value, an http server's header and URL query value, and a secret of the
 * app's own environment — and the test servers leak each of them whole, in part, base64-encoded
 * and URL-encoded, through tool results, thrown tool errors, a sampling request (an approval),
 * a failed connection (the run's error) and stderr. Then every API response about the runs, the
 * servers, the approvals and the shares, the SSE streams and the server log are searched: not one
 * form of any canary may appear. The test also checks that the leaks really happened (as
 * "[redacted]"), so that it cannot pass by testing nothing.
 */
import { randomBytes } from 'node:crypto'
import { format } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { startCanaryHttpServer, type CanaryHttpServer } from '@/lib/server/testing/canary-http-server'
import { leakForms, leakText } from '@/lib/server/testing/mcp-servers/canary-forms.mjs'
import { startLoopbackOpenAIServer } from '@/lib/core/testing'
import { callRoute, principalOf } from '@/lib/server/testing/test-app'
import { waitFor } from '@/lib/server/testing/wait-for'
import { createWorkerTestApp, type WorkerTestApp } from '@/lib/server/testing/worker-test-app'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import * as agentRoute from './agents/[id]/route'
import * as agentsRoute from './agents/route'
import * as credentialRoute from './credentials/[id]/route'
import * as workspaceCredentialsRoute from './workspaces/[id]/credentials/route'
import * as agentVersionsRoute from './agents/[id]/versions/route'
import * as approvalRoute from './approvals/[id]/route'
import * as approvalsRoute from './approvals/route'
import * as serverRoute from './mcp-servers/[id]/route'
import * as serverTestRoute from './mcp-servers/[id]/test/route'
import * as serversRoute from './mcp-servers/route'
import * as runEventsRoute from './runs/[id]/events/route'
import * as checkpointRoute from './runs/[id]/checkpoints/[checkpointId]/route'
import * as checkpointsRoute from './runs/[id]/checkpoints/route'
import * as forksRoute from './runs/[id]/forks/route'
import * as runRoute from './runs/[id]/route'
import * as shareLinksRoute from './runs/[id]/share-links/route'
import * as runsRoute from './runs/route'
import * as shareRoute from './share/[token]/route'
import { atCurrentVersion } from '@/lib/server/testing/at-current-version'

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchServer = atCurrentVersion(serverRoute)

const APP_ENV_SECRET = 'AGENTLOOM_THREAT_PROTECTION_TOKEN'
const tag = () => randomBytes(12).toString('hex')
const canaries = {
  env: `CANARY-ENV-${tag()}`,
  // Not "Bearer CANARY-…": redaction ignores case, and " canary-" would then be a part of it, cut out of the log's "[mcp canary-stdio]".
  header: `Bearer HDR-CANARY-${tag()}`,
  query: `CANARY-QRY-${tag()}`,
  appEnv: `CANARY-APP-${tag()}`,
}

/** Everything the test saw leave the server: API bodies, SSE streams, log lines. */
const seen: Array<{ where: string; text: string }> = []
const logged: string[] = []

function record(where: string, body: unknown): void {
  seen.push({ where, text: typeof body === 'string' ? body : JSON.stringify(body) })
}

function agentGraph(serverIds: string[]): GraphDocument {
  return {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      {
        id: 'agent',
        kind: 'agent',
        position: { x: 200, y: 0 },
        data: {
          name: 'Leaky',
          instructions: 'Use the tools.',
          model: { provider: 'demo' },
          mcpServerIds: serverIds,
          functionTools: [],
          skillIds: [],
          toolApprovalMode: 'never_require',
        },
      },
      { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'agent' },
      { id: 'b', source: 'agent', target: 'output' },
    ],
  } as GraphDocument
}

describe('secrets canary', () => {
  let app: WorkerTestApp
  let http: CanaryHttpServer
  const previousAppEnv = process.env[APP_ENV_SECRET]

  beforeAll(async () => {
    process.env[APP_ENV_SECRET] = canaries.appEnv
    // Spied before the app exists: its log redaction wraps whatever the console methods are then.
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(format(...args)))
    }
    http = await startCanaryHttpServer(APP_ENV_SECRET)
    app = await createWorkerTestApp({ concurrency: 2 })
  })
  afterAll(async () => {
    await app?.close()
    await http?.close()
    // Test files share a process (vitest.config.ts): the console goes back to what it was before the spies.
    vi.restoreAllMocks()
    if (previousAppEnv === undefined) delete process.env[APP_ENV_SECRET]
    else process.env[APP_ENV_SECRET] = previousAppEnv
  })

  async function call<P extends Record<string, string>>(
    where: string,
    handler: Parameters<typeof callRoute<P>>[0],
    init: Parameters<typeof callRoute<P>>[1] = {},
  ) {
    const response = await callRoute(handler, init)
    record(where, response.body)
    return response
  }

  async function readEventStream(runId: string): Promise<string> {
    const response = await runEventsRoute.GET(
      new Request(`http://localhost/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${app.admin.token}` } }),
      {
        params: Promise.resolve({ id: runId }),
      },
    )
    const text = await response.text() // the stream ends after the run's final event
    record(`SSE ${runId}`, text)
    return text
  }

  async function createServers(): Promise<void> {
    const servers = [
      {
        id: 'canary-stdio',
        name: 'Canary stdio',
        transport: 'stdio',
        config: { command: 'node', args: ['lib/server/testing/mcp-servers/canary-stdio.mjs'] },
        secrets: { env: { CANARY_ENV: canaries.env } },
      },
      {
        id: 'canary-http',
        name: 'Canary http',
        transport: 'http',
        config: { url: `${http.url}/mcp?token=${canaries.query}` },
        secrets: { headers: { Authorization: canaries.header } },
      },
      {
        id: 'canary-broken',
        name: 'Canary broken',
        transport: 'http',
        config: { url: `${http.url}/broken?token=${canaries.query}` },
        secrets: { headers: { Authorization: canaries.header } },
      },
    ]
    for (const body of servers) {
      const created = await call('POST /api/mcp-servers', serversRoute.POST, { body })
      expect(created.status).toBe(201)
    }
  }

  /** What the checkpoints of the runs showed (the leaks must be there, redacted). */
  const checkpointTexts: string[] = []

  async function runToEnd(serverIds: string[], input: string, onApproval?: (approvalId: string) => Promise<void>) {
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(app.admin), {
      name: `canary ${serverIds.join('+')}`,
      graph: agentGraph(serverIds),
    })
    const created = await call('POST /api/runs', runsRoute.POST, { body: { workflowId: workflow.id, input } })
    expect(created.status).toBe(201)
    const runId: string = created.body.run?.id ?? created.body.id
    if (onApproval) {
      const approvals = await waitFor(async () => {
        const listed = await call('GET /api/approvals', approvalsRoute.GET, { url: `http://localhost/api/approvals?status=pending&runId=${runId}` })
        return listed.body.approvals?.length ? (listed.body.approvals as Array<{ id: string }>) : undefined
      })
      await onApproval(approvals[0].id)
    }
    await readEventStream(runId)
    const run = await call('GET /api/runs/:id', runRoute.GET, { params: { id: runId } })
    // Checkpoints hold every value whole (sealed at rest): what they show is redacted, and so is what a fork keeps of its edits.
    const checkpoints = await call('GET /api/runs/:id/checkpoints', checkpointsRoute.GET, { params: { id: runId } })
    for (const { id } of checkpoints.body.checkpoints as Array<{ id: string }>) {
      const detail = await call('GET /api/runs/:id/checkpoints/:checkpointId', checkpointRoute.GET, { params: { id: runId, checkpointId: id } })
      expect(detail.status).toBe(200)
      checkpointTexts.push(JSON.stringify(detail.body))
      const edits = (detail.body.messages as Array<{ index: number }>).map(({ index }) => ({ op: 'replace_message', index, data: 'edited' }))
      const fork = await call('POST /api/runs/:id/forks', forksRoute.POST, { params: { id: runId }, body: { checkpointId: id, edits } })
      expect(fork.status).toBe(201)
      await call('GET /api/runs/:id/forks', forksRoute.GET, { params: { id: fork.body.run.id } })
    }
    const link = await call('POST share link', shareLinksRoute.POST, { params: { id: runId }, body: {} })
    expect(link.status).toBe(201)
    const token = String(link.body.token ?? String(link.body.url).split('/').pop())
    await call('GET /api/share/:token', shareRoute.GET, { params: { token } })
    return run.body
  }

  it('no form of any canary leaves the server', { timeout: 120_000 }, async () => {
    await createServers()

    const calls = ['canary-stdio_leak', 'canary-stdio_fail', 'canary-http_leak', 'canary-http_fail', 'canary-stdio_ask']
      .map((name) => `/call ${name} {}`)
      .join('\n')
    const leaky = await runToEnd(['canary-stdio', 'canary-http'], calls, async (approvalId) => {
      await call('GET /api/approvals/:id', approvalRoute.GET, { params: { id: approvalId } })
      await call('POST /api/approvals/:id', approvalRoute.POST, { params: { id: approvalId }, body: { decision: 'deny', reason: 'no' } })
    })
    expect(leaky.run.status).toBe('succeeded')

    const broken = await runToEnd(['canary-broken'], 'hello')
    expect(broken.run.status).toBe('failed')

    for (const id of ['canary-stdio', 'canary-http', 'canary-broken']) {
      await call('GET /api/mcp-servers/:id', serverRoute.GET, { params: { id } })
      await call('POST /api/mcp-servers/:id/test', serverTestRoute.POST, { params: { id } })
    }
    await call('GET /api/mcp-servers', serversRoute.GET)
    await call('GET /api/runs', runsRoute.GET)
    await call('GET /api/approvals', approvalsRoute.GET)
    await waitFor(async () => (logged.some((line) => line.startsWith('[mcp canary-stdio] starting with')) ? true : undefined))
    for (const line of logged) record('log', line)

    // The leaks happened, and came out redacted.
    const everything = seen.map((s) => s.text).join('\n')
    for (const label of ['env', 'header', 'query', 'appEnv']) expect(everything).toContain(`${label}.whole=[redacted]`)
    expect(logged.join('\n')).toContain('[mcp canary-stdio] starting with env.whole=[redacted]')
    expect(JSON.stringify(broken.run.error)).toContain('[redacted]')
    expect(checkpointTexts.join('\n')).toContain('whole=[redacted]')

    const leaks: string[] = []
    for (const [kind, canary] of Object.entries(canaries)) {
      for (const [form, value] of Object.entries(leakForms(canary))) {
        for (const { where, text } of seen) if (text.includes(value)) leaks.push(`${kind}.${form} in ${where}`)
      }
    }
    expect(leaks).toEqual([])
  })

  it('shows a server URL with its query values masked, and keeps them when the masked URL is sent back', async () => {
    const shown = await call('GET /api/mcp-servers/:id', serverRoute.GET, { params: { id: 'canary-http' } })
    expect(shown.body.server.config.url).toBe(`${http.url}/mcp?token=[secret]`)
    const updated = await call('PATCH /api/mcp-servers/:id', patchServer, {
      method: 'PATCH',
      params: { id: 'canary-http' },
      body: { config: { url: shown.body.server.config.url }, description: 'changed' },
    })
    expect(updated.status).toBe(200)
    const stored = await app.db.prisma.mcpServer.findFirstOrThrow({ where: { id: 'canary-http' } })
    expect(JSON.stringify(stored)).not.toContain(canaries.query)
    expect(JSON.stringify(stored)).not.toContain(canaries.header)
    const probe = await call('POST /api/mcp-servers/:id/test', serverTestRoute.POST, { params: { id: 'canary-http' } })
    expect(probe.body).toMatchObject({ ok: true })
  })

  it("shows an agent's own API key in no view, only that it has one", async () => {
    const agentKey = `sk-CANARY-AGENT-${tag()}`
    const replaced = `sk-CANARY-AGENT-${tag()}`
    const created = await call('POST /api/agents', agentsRoute.POST, { method: 'POST', body: { name: 'Keyed', apiKey: agentKey } })
    expect(created.status).toBe(201)
    expect(created.body.agent.hasApiKey).toBe(true)
    const params = { id: created.body.agent.id as string }
    const views = [
      created,
      await call('GET /api/agents', agentsRoute.GET),
      await call('GET /api/agents/:id', agentRoute.GET, { params }),
      await call('GET /api/agents/:id/versions', agentVersionsRoute.GET, { params }),
      await call('PATCH /api/agents/:id', agentRoute.PATCH, { method: 'PATCH', params, body: { apiKey: replaced } }),
    ]
    expect(views.map((view) => view.status)).toEqual([201, 200, 200, 200, 200])
    const stored = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: params.id } })
    const leaks: string[] = []
    for (const canary of [agentKey, replaced]) {
      for (const [form, value] of Object.entries(leakForms(canary))) {
        for (const [index, view] of views.entries()) if (JSON.stringify(view.body).includes(value)) leaks.push(`${form} in view ${index}`)
        if (JSON.stringify(stored).includes(value)) leaks.push(`${form} in the row`)
      }
    }
    expect(leaks).toEqual([])
    expect((await app.secrets.scopedRedactor({ agentIds: [params.id] })).redact(`the key ${replaced}`)).toBe('the key [redacted]')
  })

  it("shows a model credential's key in no view, and cuts it out of what a model using it answers", async () => {
    const key = `sk-CANARY-CRED-${tag()}`
    const replaced = `sk-CANARY-CRED-${tag()}`
    const model = await startLoopbackOpenAIServer()
    try {
      const workspace = { id: app.admin.personalWorkspaceId }
      const created = await call('POST credentials', workspaceCredentialsRoute.POST, {
        params: workspace,
        body: { name: 'Canary', provider: 'openai_chat', apiKey: key, baseUrl: model.baseURL },
      })
      expect(created.status).toBe(201)
      const graph = agentGraph([])
      graph.nodes[1] = { ...graph.nodes[1], data: { ...graph.nodes[1].data, model: { provider: 'openai_chat', credentialId: created.body.id } } } as never
      const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'canary credential', graph })
      model.enqueue({ text: leakText('cred', key) })
      const run = await call('POST /api/runs', runsRoute.POST, { body: { workflowId: workflow.id, input: 'hi' } })
      const runId: string = run.body.run?.id ?? run.body.id
      const stream = await readEventStream(runId)
      expect(stream).toContain('cred.whole=[redacted]')
      expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${key}`)
      const views = [
        created,
        await call('GET credentials', workspaceCredentialsRoute.GET, { params: workspace }),
        await call('PATCH credential', credentialRoute.PATCH, { method: 'PATCH', params: { id: created.body.id }, body: { apiKey: replaced, baseVersion: 1 } }),
        await call('GET credentials again', workspaceCredentialsRoute.GET, { params: workspace }),
        await call('GET /api/runs/:id', runRoute.GET, { params: { id: runId } }),
      ]
      expect(views.map((view) => view.status)).toEqual([201, 200, 200, 200, 200])
      const stored = await app.db.prisma.providerCredential.findUniqueOrThrow({ where: { id: created.body.id } })
      const leaks: string[] = []
      for (const canary of [key, replaced]) {
        for (const [form, value] of Object.entries(leakForms(canary))) {
          for (const [index, view] of views.entries()) if (JSON.stringify(view.body).includes(value)) leaks.push(`${form} in view ${index}`)
          if (stream.includes(value)) leaks.push(`${form} in the event stream`)
          if (JSON.stringify(stored).includes(value)) leaks.push(`${form} in the row`)
        }
      }
      expect(leaks).toEqual([])
    } finally {
      await model.close()
    }
  })
})
