/**
 * A workspace's model credentials (issue #32) through their routes and on the real run path, against Postgres and a
 * loopback OpenAI-compatible server spoken to by the real `openai` package: owners and editors manage them and see a
 * key's last 4 characters, viewers list names and providers only, the key is in no answer, row, event or audit entry;
 * a run sends the credential's key (before the saved agent's and the server's) to the credential's own base URL only;
 * another workspace's credential fails the run and is refused on save; the model list is asked with the credential.
 * An Azure OpenAI credential keeps an endpoint and API version: a run sends its key in `api-key` to the deployment's
 * Chat Completions path at that endpoint, and an endpoint the outbound policy refuses fails the run before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackOpenAIServer, type LoopbackOpenAIServer } from '@/lib/core/testing'
import { DEFAULT_AZURE_OPENAI_API_VERSION } from '@/lib/graph'
import { RunService } from '@/lib/server/runs/run-service'
import { callRoute, principalOf, type TestUser } from '@/lib/server/testing/test-app'
import { createWorkerTestApp, type WorkerTestApp } from '@/lib/server/testing/worker-test-app'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import * as providerModelsRoute from '../provider-models/route'
import * as runCostRoute from '../runs/[id]/cost/route'
import * as agentsRoute from '../agents/route'
import * as acceptRoute from '../workspace-invitations/[token]/route'
import * as invitationsRoute from '../workspaces/[id]/invitations/route'
import * as workspaceCredentialsRoute from '../workspaces/[id]/credentials/route'
import * as workspacesRoute from '../workspaces/route'
import * as credentialRoute from './[id]/route'

const CREDENTIAL_KEY = 'sk-credential-canary-7d41c2a9'
const NEW_KEY = 'sk-credential-rotated-52e80b1f'
const SERVER_KEY = 'sk-server-canary-0a9f33'
const AZURE_KEY = 'azure-credential-canary-3c9d0e71'

function agentGraph(model: Record<string, unknown>) {
  return {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'writer', kind: 'agent', position: { x: 250, y: 0 }, data: { name: 'writer', model } },
      { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'writer' },
      { id: 'b', source: 'writer', target: 'output' },
    ],
  }
}

describe('model credentials', () => {
  let app: WorkerTestApp
  let server: LoopbackOpenAIServer
  let owner: TestUser
  let editor: TestUser
  let viewer: TestUser
  let other: TestUser
  let workspaceId: string
  const previousKey = process.env.OPENAI_API_KEY

  beforeAll(async () => {
    process.env.OPENAI_API_KEY = SERVER_KEY
    server = await startLoopbackOpenAIServer()
    app = await createWorkerTestApp()
    owner = await app.addUser('member')
    editor = await app.addUser('member')
    viewer = await app.addUser('member')
    other = await app.addUser('member')
    workspaceId = (await callRoute(workspacesRoute.POST, { body: { name: 'Keyed team' }, as: owner })).body.workspace.id
    for (const [user, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const link = await callRoute(invitationsRoute.POST, { params: { id: workspaceId }, body: { role, approver: false }, as: owner })
      expect((await callRoute(acceptRoute.POST, { params: { token: link.body.token }, as: user })).status).toBe(200)
    }
  })
  afterAll(async () => {
    if (previousKey === undefined) delete process.env.OPENAI_API_KEY
    else process.env.OPENAI_API_KEY = previousKey
    await app?.close()
    await server?.close()
  })

  /** The owner as services see them, with the team workspace among their memberships. */
  const teamOwner = () => {
    const principal = principalOf(owner)
    return { ...principal, memberships: [...principal.memberships, { workspaceId, workspaceName: 'Keyed team', role: 'owner' as const, approver: false }] }
  }
  const list = (as: TestUser | null, id = workspaceId) => callRoute(workspaceCredentialsRoute.GET, { params: { id }, as })
  const create = (body: unknown, as: TestUser | null = owner, id = workspaceId) => callRoute(workspaceCredentialsRoute.POST, { params: { id }, body, as })
  const patch = (id: string, body: unknown, as: TestUser | null = owner) => callRoute(credentialRoute.PATCH, { method: 'PATCH', params: { id }, body, as })
  const remove = (id: string, as: TestUser | null = owner) => callRoute(credentialRoute.DELETE, { method: 'DELETE', params: { id }, as })

  it('is managed by owners and editors, listed by name to viewers, hidden from others, and its key is never answered', async () => {
    const made = await create({ name: 'Loopback', provider: 'openai_chat', apiKey: CREDENTIAL_KEY, baseUrl: server.baseURL })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ name: 'Loopback', provider: 'openai_chat', hasKey: true, keyLast4: CREDENTIAL_KEY.slice(-4), baseUrl: server.baseURL })
    const id = made.body.id as string
    const editorView = await list(editor)
    expect(editorView.body.credentials).toEqual([expect.objectContaining({ id, keyLast4: CREDENTIAL_KEY.slice(-4), baseUrl: server.baseURL })])
    const viewerView = await list(viewer)
    expect(viewerView.status).toBe(200)
    expect(viewerView.body.credentials).toEqual([expect.objectContaining({ id, name: 'Loopback', provider: 'openai_chat', hasKey: true })])
    expect(viewerView.body.credentials[0]).not.toHaveProperty('keyLast4')
    expect(viewerView.body.credentials[0]).not.toHaveProperty('baseUrl')
    expect((await create({ name: 'Mine', provider: 'openai', apiKey: 'sk-viewer-000000000' }, viewer)).status).toBe(403)
    expect((await patch(id, { name: 'Taken over', baseVersion: 1 }, viewer)).status).toBe(403)
    expect((await remove(id, viewer)).status).toBe(403)
    expect((await list(other)).status).toBe(404)
    expect((await patch(id, { name: 'Taken over', baseVersion: 1 }, other)).status).toBe(404)
    expect((await remove(id, other)).status).toBe(404)
    expect((await list(null)).status).toBe(401)
    const row = await app.db.prisma.providerCredential.findUniqueOrThrow({ where: { id } })
    expect(JSON.stringify(row)).not.toContain(CREDENTIAL_KEY)
    for (const answer of [made, editorView, viewerView]) expect(JSON.stringify(answer.body)).not.toContain(CREDENTIAL_KEY)
  })

  it('refuses bad input (400), a taken name (409), a stale save (409), and an address the outbound policy refuses (400)', async () => {
    for (const body of [
      { name: '', provider: 'openai', apiKey: 'k' },
      { name: 'x', provider: 'mistral', apiKey: 'k' },
      { name: 'x', provider: 'openai', apiKey: '' },
      { name: 'x', provider: 'openai', apiKey: 'k', baseUrl: 'ftp://example.com' },
      { name: 'x', provider: 'openai', apiKey: 'k', extra: true },
    ]) {
      const refused = await create(body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) })
    }
    const metadata = await create({ name: 'Metadata', provider: 'openai', apiKey: 'sk-metadata-0000000', baseUrl: 'http://169.254.169.254/v1' }, editor)
    expect(metadata.status).toBe(400)
    expect(metadata.body.error.code).toBe('outbound_address_refused')
    const made = await create({ name: 'Twice', provider: 'anthropic', apiKey: 'sk-ant-twice-00000000' }, editor)
    expect(made.status).toBe(201)
    expect((await create({ name: 'Twice', provider: 'openai', apiKey: 'sk-other-000000000' })).body.error.code).toBe('credential_exists')
    expect((await patch(made.body.id, { name: 'Renamed' })).status).toBe(428)
    const renamed = await patch(made.body.id, { name: 'Renamed', baseVersion: 1 }, editor)
    expect(renamed.body).toMatchObject({ name: 'Renamed', version: 2 })
    const stale = await patch(made.body.id, { name: 'Again', baseVersion: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('stale_version')
    expect((await patch(made.body.id, { baseUrl: 'http://169.254.169.254/v1', baseVersion: 2 }, editor)).status).toBe(400)
    expect((await remove(made.body.id, editor)).body).toEqual({ id: made.body.id, deleted: true })
    expect((await remove(made.body.id, editor)).status).toBe(404)
  })

  it("sends the credential's key, before the server's, to its own base URL; lists models with it; a new key replaces it", async () => {
    const credential = (await list(owner)).body.credentials.find((each: { name: string }) => each.name === 'Loopback')
    const workflows = new WorkflowService(app.db.prisma)
    const runs = new RunService(app)
    const graph = agentGraph({ provider: 'default', model: 'loop-model', credentialId: credential.id })
    const workflowId = (await workflows.create(teamOwner(), { name: 'uses a credential', graph, workspaceId } as never)).workflow.id
    server.enqueue({ text: 'Hello from the loopback.', usage: { inputTokens: 5, outputTokens: 3 } })
    const run = await runs.create(teamOwner(), { workflowId, input: 'hi' })
    expect(await app.endedRun(run.id)).toMatchObject({ status: 'succeeded' })
    const sent = server.requests.at(-1)!
    expect(sent.endpoint).toBe('chat_completions')
    expect(sent.headers.authorization).toBe(`Bearer ${CREDENTIAL_KEY}`)
    expect(JSON.stringify(server.requests.map((request) => request.headers))).not.toContain(SERVER_KEY)
    const events = await app.events.listAfter(run.id, 0, 1_000)
    expect(JSON.stringify(events)).toContain('Hello from the loopback.')
    expect(JSON.stringify(events)).not.toContain(CREDENTIAL_KEY)
    expect((await app.secretScopes.forRun(run.id)).redact(`leaked ${CREDENTIAL_KEY}`)).not.toContain(CREDENTIAL_KEY)
    // The answer names the model that gave it: the run's cost is per provider and model.
    expect(events.find((event) => event.type === 'agent_response')?.data).toMatchObject({ modelId: 'loop-model' })
    const cost = await callRoute(runCostRoute.GET, { params: { id: run.id }, as: owner })
    expect(cost.body).toMatchObject({
      model: 'loop-model',
      inputTokens: 5,
      outputTokens: 3,
      byModel: [{ model: 'loop-model', inputTokens: 5, outputTokens: 3 }],
    })

    server.enqueue({ type: 'raw', body: JSON.stringify({ object: 'list', data: [{ id: 'loop-model', object: 'model', created: 0, owned_by: 'me' }] }) })
    const models = await callRoute(providerModelsRoute.GET, {
      url: `http://localhost/api/provider-models?provider=openai&credentialId=${credential.id}`,
      as: viewer,
    })
    expect(models.body).toEqual({ ok: true, models: [{ id: 'loop-model' }] })
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${CREDENTIAL_KEY}`)
    const hidden = await callRoute(providerModelsRoute.GET, {
      url: `http://localhost/api/provider-models?provider=openai&credentialId=${credential.id}`,
      as: other,
    })
    expect(hidden.status).toBe(404)

    const replaced = await patch(credential.id, { apiKey: NEW_KEY, baseVersion: credential.version })
    expect(replaced.body).toMatchObject({ keyLast4: NEW_KEY.slice(-4), version: credential.version + 1 })
    server.enqueue({ text: 'Again.' })
    const again = await runs.create(teamOwner(), { workflowId, input: 'again' })
    expect(await app.endedRun(again.id)).toMatchObject({ status: 'succeeded' })
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${NEW_KEY}`)
    const audit = await app.db.prisma.auditLog.findMany({ where: { resourceType: 'provider_credential', resourceId: credential.id } })
    expect(audit.map((entry) => entry.action).sort()).toEqual(['credential.create', 'credential.update'])
    expect(JSON.stringify(audit)).not.toMatch(new RegExp(`${CREDENTIAL_KEY}|${NEW_KEY}`))
  })

  it("fails a run that names another base URL than the credential's, or another workspace's credential", async () => {
    const credential = (await list(owner)).body.credentials.find((each: { name: string }) => each.name === 'Loopback')
    const workflows = new WorkflowService(app.db.prisma)
    const runs = new RunService(app)
    const elsewhere = agentGraph({ provider: 'openai_chat', baseUrl: 'http://127.0.0.1:9/v1', credentialId: credential.id })
    const elsewhereId = (await workflows.create(teamOwner(), { name: 'elsewhere', graph: elsewhere, workspaceId } as never)).workflow.id
    const sentBefore = server.requests.length
    const redirected = await runs.create(teamOwner(), { workflowId: elsewhereId, input: 'hi' })
    const failed = await app.endedRun(redirected.id)
    expect(failed.status).toBe('failed')
    expect(JSON.stringify(failed.error)).toMatch(/goes only to its own address/)

    // Another user's workflow, in their own workspace, naming this workspace's credential (which they cannot see).
    const foreign = agentGraph({ provider: 'openai_chat', credentialId: credential.id })
    const foreignId = (await workflows.create(principalOf(other), { name: 'borrows', graph: foreign })).workflow.id
    const borrowed = await runs.create(principalOf(other), { workflowId: foreignId, input: 'hi' })
    const refused = await app.endedRun(borrowed.id)
    expect(refused.status).toBe('failed')
    expect(JSON.stringify(refused.error)).toMatch(/belongs to another workspace/)
    expect(server.requests.length).toBe(sentBefore)
  })

  it("refuses a save that names another workspace's credential (422 foreign_reference)", async () => {
    const credential = (await list(owner)).body.credentials.find((each: { name: string }) => each.name === 'Loopback')
    // The editor can see the team's credential, but saves an agent in their personal workspace.
    const saved = await callRoute(agentsRoute.POST, {
      body: { name: 'Borrower', definition: { model: { provider: 'openai_chat', credentialId: credential.id } }, workspaceId: editor.personalWorkspaceId },
      as: editor,
    })
    expect(saved.status).toBe(422)
    expect(saved.body.error.code).toBe('foreign_reference')
    expect(saved.body.error.details.references).toEqual([expect.objectContaining({ kind: 'credential', name: credential.id, workspaceId })])
    const inTeam = await callRoute(agentsRoute.POST, {
      body: { name: 'Team agent', definition: { model: { provider: 'openai_chat', credentialId: credential.id } }, workspaceId },
      as: editor,
    })
    expect(inTeam.status).toBe(201)
  })
  it('keeps an Azure OpenAI credential (endpoint, API version, sealed key) and refuses one without an endpoint or API version', async () => {
    const endpoint = `${server.origin}/`
    const azure = { name: 'Azure team', provider: 'azure_openai', apiKey: AZURE_KEY }
    for (const [body, path, message] of [
      [azure, 'endpoint', /Give the Azure OpenAI endpoint/],
      [{ ...azure, endpoint: 'my-resource.openai.azure.com' }, 'endpoint', /full endpoint URL/],
      [{ ...azure, endpoint, apiVersion: '  ' }, 'apiVersion', /Give the API version/],
    ] as const) {
      const refused = await create(body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.error.code).toBe('invalid_request')
      expect(refused.body.error.details.issues).toContainEqual({ path, message: expect.stringMatching(message) })
    }
    // An Azure credential has an endpoint, not a base URL; the others have no endpoint.
    expect((await create({ ...azure, endpoint, baseUrl: endpoint })).status).toBe(400)
    expect((await create({ name: 'x', provider: 'openai', apiKey: 'k', endpoint })).status).toBe(400)
    const metadata = await create({ ...azure, name: 'Metadata', endpoint: 'http://169.254.169.254/' }, editor)
    expect(metadata.status).toBe(400)
    expect(metadata.body.error).toMatchObject({ code: 'outbound_address_refused', details: { issues: [{ path: 'endpoint' }] } })

    const made = await create({ ...azure, endpoint })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      provider: 'azure_openai',
      endpoint,
      apiVersion: DEFAULT_AZURE_OPENAI_API_VERSION,
      baseUrl: null,
      hasKey: true,
      keyLast4: AZURE_KEY.slice(-4),
    })
    const viewerView = (await list(viewer)).body.credentials.find((each: { id: string }) => each.id === made.body.id)
    expect(viewerView).toMatchObject({ name: 'Azure team', provider: 'azure_openai', hasKey: true })
    for (const hidden of ['endpoint', 'apiVersion', 'keyLast4']) expect(viewerView).not.toHaveProperty(hidden)
    const changed = await patch(made.body.id, { apiVersion: '2025-04-01-preview', baseVersion: 1 }, editor)
    expect(changed.body).toMatchObject({ apiVersion: '2025-04-01-preview', endpoint, version: 2 })
    expect((await patch(made.body.id, { baseUrl: endpoint, baseVersion: 2 })).body.error.message).toMatch(/change its endpoint instead/)
    expect((await patch(made.body.id, { endpoint: 'http://169.254.169.254/', baseVersion: 2 })).body.error.code).toBe('outbound_address_refused')
    const openai = (await list(owner)).body.credentials.find((each: { name: string }) => each.name === 'Loopback')
    expect((await patch(openai.id, { apiVersion: '2024-10-21', baseVersion: openai.version })).status).toBe(400)
    const row = await app.db.prisma.providerCredential.findUniqueOrThrow({ where: { id: made.body.id } })
    expect(row).toMatchObject({ baseUrl: endpoint, apiVersion: '2025-04-01-preview' })
    expect(JSON.stringify(row)).not.toContain(AZURE_KEY)
    for (const answer of [made, changed]) expect(JSON.stringify(answer.body)).not.toContain(AZURE_KEY)
  })

  it("runs an agent on an Azure deployment with the credential's key and API version; a refused endpoint fails the run before any request", async () => {
    const credential = (await list(owner)).body.credentials.find((each: { name: string }) => each.name === 'Azure team')
    const workflows = new WorkflowService(app.db.prisma)
    const runs = new RunService(app)
    const graph = agentGraph({ provider: 'azure_openai', model: 'team-gpt-4o', credentialId: credential.id })
    const workflowId = (await workflows.create(teamOwner(), { name: 'uses Azure', graph, workspaceId } as never)).workflow.id
    server.enqueue({ text: 'Hello from Azure.' })
    const run = await runs.create(teamOwner(), { workflowId, input: 'hi' })
    expect(await app.endedRun(run.id)).toMatchObject({ status: 'succeeded' })
    const sent = server.requests.at(-1)!
    expect(sent.path).toBe('/openai/deployments/team-gpt-4o/chat/completions')
    expect(sent.query['api-version']).toBe(credential.apiVersion)
    expect(sent.headers['api-key']).toBe(AZURE_KEY)
    expect(sent.headers.authorization).toBeUndefined()
    const events = await app.events.listAfter(run.id, 0, 1_000)
    expect(JSON.stringify(events)).toContain('Hello from Azure.')
    expect(JSON.stringify(events)).not.toContain(AZURE_KEY)

    // Azure lists deployments only through its management API: the model field stays free text.
    const models = await callRoute(providerModelsRoute.GET, {
      url: `http://localhost/api/provider-models?provider=openai&credentialId=${credential.id}`,
      as: viewer,
    })
    expect(models.body).toMatchObject({ ok: false, models: [], error: expect.stringMatching(/type the deployment name/) })

    // As an admin may save it, or as it was saved before the allow-list changed: a member's run refuses it at start.
    await app.db.prisma.providerCredential.update({ where: { id: credential.id }, data: { baseUrl: 'http://169.254.169.254/' } })
    const sentBefore = server.requests.length
    const refused = await app.endedRun((await runs.create(teamOwner(), { workflowId, input: 'again' })).id)
    expect(refused.status).toBe('failed')
    expect(JSON.stringify(refused.error)).toContain('points at an address this server may not reach: refused by the outbound policy: 169.254.169.254')
    expect(server.requests.length).toBe(sentBefore)
  })
})
