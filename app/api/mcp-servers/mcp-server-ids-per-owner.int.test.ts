/**
 * An MCP server's id is unique among its owner's servers only: another member's id behaves exactly
 * like an unused one (creating it works, an import's dry run says it does not exist), and a name in
 * a workflow means the server of the workflow's owner, also when an admin runs it, through a
 * connection of its own or a shared one. Real SDK servers over HTTP, one per owner, say whose they are.
 */
import { graph } from '@/lib/graph/testing/graph-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackMcpServer, type LoopbackMcpServer } from '@/lib/server/mcp/testing/loopback-mcp-server'
import { callRoute, type TestUser } from '@/lib/server/testing/test-app'
import { createWorkerTestApp, type WorkerTestApp } from '@/lib/server/testing/worker-test-app'
import * as serverRoute from './[id]/route'
import * as importRoute from './import/route'
import * as serversRoute from './route'
import * as runsRoute from '../runs/route'
import * as workflowsRoute from '../workflows/route'

function echoGraph(serverId: string) {
  return graph()
    .start()
    .agent('agent', { name: 'Caller', instructions: 'Call.', mcpServerIds: [serverId], toolApprovalMode: 'never_require' })
    .output()
    .chain('start', 'agent', 'output')
    .build()
}

describe('MCP server ids per owner', () => {
  let app: WorkerTestApp
  let alice: TestUser
  let bob: TestUser
  let carol: TestUser
  let admin: TestUser
  const hosts: Record<string, LoopbackMcpServer> = {}

  beforeAll(async () => {
    app = await createWorkerTestApp()
    alice = await app.addUser('member')
    bob = await app.addUser('member')
    carol = await app.addUser('member')
    admin = await app.addUser('admin')
    for (const name of ['alice-host', 'bob-host', 'admin-host']) hosts[name] = await startLoopbackMcpServer(name)
  })
  afterAll(async () => {
    await app?.close()
    for (const host of Object.values(hosts)) await host.close()
  })

  async function ok<T = any>(status: number, response: Promise<{ status: number; body: T }>): Promise<T> {
    const answered = await response
    expect(answered.status, JSON.stringify(answered.body)).toBe(status)
    return answered.body
  }

  const create = (as: TestUser, id: string, host: string, extra: Record<string, unknown> = {}) =>
    callRoute(serversRoute.POST, { as, body: { id, name: `${id} of ${host}`, transport: 'http', config: { url: hosts[host]!.url }, ...extra } })

  async function workflowOf(as: TestUser, serverId: string): Promise<string> {
    const created = await ok(201, callRoute(workflowsRoute.POST, { as, body: { name: `calls ${serverId}`, graph: echoGraph(serverId) } }))
    return created.workflow?.id ?? created.id
  }

  /** Runs the workflow as `as` to its end; what its agent's call of `<serverId>_echo` answered. */
  async function echoedBy(as: TestUser, workflowId: string, serverId: string): Promise<string> {
    const started = await ok(201, callRoute(runsRoute.POST, { as, body: { workflowId, input: `/call ${serverId}_echo {"text":"hi"}` } }))
    const run = await app.endedRun(started.run?.id ?? started.id)
    expect(run.status, run.error ?? '').toBe('succeeded')
    return JSON.stringify(run.outputs)
  }

  it("lets two members create the same id, and each member's run uses their own server", { timeout: 120_000 }, async () => {
    await ok(201, create(alice, 'tools', 'alice-host'))
    await ok(201, create(bob, 'tools', 'bob-host'))
    // The member's own id is still taken for them.
    expect((await create(alice, 'tools', 'bob-host')).status).toBe(409)

    expect((await ok(200, callRoute(serverRoute.GET, { as: alice, params: { id: 'tools' } }))).server.config.url).toBe(hosts['alice-host']!.url)
    expect((await ok(200, callRoute(serverRoute.GET, { as: bob, params: { id: 'tools' } }))).server.config.url).toBe(hosts['bob-host']!.url)

    expect(await echoedBy(alice, await workflowOf(alice, 'tools'), 'tools')).toContain('alice-host: hi')
    expect(await echoedBy(bob, await workflowOf(bob, 'tools'), 'tools')).toContain('bob-host: hi')
  })

  it('keeps shared connections apart: one per server, not per id', { timeout: 120_000 }, async () => {
    await ok(201, create(alice, 'pooled', 'alice-host', { shareConnection: true }))
    await ok(201, create(bob, 'pooled', 'bob-host', { shareConnection: true }))
    const aliceWorkflow = await workflowOf(alice, 'pooled')
    const bobWorkflow = await workflowOf(bob, 'pooled')
    expect(await echoedBy(alice, aliceWorkflow, 'pooled')).toContain('alice-host: hi')
    expect(await echoedBy(bob, bobWorkflow, 'pooled')).toContain('bob-host: hi')
    expect(await echoedBy(alice, aliceWorkflow, 'pooled')).toContain('alice-host: hi')
  })

  it("runs a member's workflow with the member's server when an admin runs it, not the admin's of the same id", { timeout: 120_000 }, async () => {
    await ok(201, create(alice, 'calc', 'alice-host'))
    await ok(201, create(admin, 'calc', 'admin-host'))
    const aliceWorkflow = await workflowOf(alice, 'calc')
    const echoed = await echoedBy(admin, aliceWorkflow, 'calc')
    expect(echoed).toContain('alice-host: hi')
    expect(echoed).not.toContain('admin-host')
    // The admin's own workflow naming it uses the admin's.
    expect(await echoedBy(admin, await workflowOf(admin, 'calc'), 'calc')).toContain('admin-host: hi')
  })

  it("treats another member's id as unused in an import's dry run and in the import", async () => {
    await ok(201, create(alice, 'imported', 'alice-host'))
    const manifest = JSON.stringify({ mcpServers: { imported: { url: hosts['bob-host']!.url } } })
    const preview = await ok(200, callRoute(importRoute.POST, { as: carol, body: { manifest, dryRun: true } }))
    expect(preview.entries[0]).toMatchObject({ id: 'imported', exists: false })
    expect(preview.created).toEqual(['imported'])
    const own = await ok(200, callRoute(importRoute.POST, { as: alice, body: { manifest, dryRun: true } }))
    expect(own.entries[0]).toMatchObject({ id: 'imported', exists: true })

    const imported = await ok(200, callRoute(importRoute.POST, { as: carol, body: { manifest } }))
    expect(imported.created).toEqual(['imported'])
    expect((await ok(200, callRoute(serverRoute.GET, { as: carol, params: { id: 'imported' } }))).server.config.url).toBe(hosts['bob-host']!.url)
    // Alice's server is as it was.
    expect((await ok(200, callRoute(serverRoute.GET, { as: alice, params: { id: 'imported' } }))).server.config.url).toBe(hosts['alice-host']!.url)
  })

  it("deletes the member's own server only", async () => {
    await ok(201, create(alice, 'gone', 'alice-host'))
    await ok(201, create(bob, 'gone', 'bob-host'))
    await ok(200, callRoute(serverRoute.DELETE, { as: bob, params: { id: 'gone' } }))
    expect((await callRoute(serverRoute.GET, { as: bob, params: { id: 'gone' } })).status).toBe(404)
    expect((await ok(200, callRoute(serverRoute.GET, { as: alice, params: { id: 'gone' } }))).server.config.url).toBe(hosts['alice-host']!.url)
  })
})
