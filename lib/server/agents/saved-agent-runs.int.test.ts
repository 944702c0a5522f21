/**
 * Saved agents on the real run path: a workflow whose node refers to a saved agent runs through
 * the worker with that agent's definition (its MCP server connected, its function tool found),
 * pinned or latest; another member's agent fails the run at start, naming it; an agent's file
 * write waits for a person's approval and lands in its folder only after Approve.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import type { Principal } from '../auth/principal'
import { RunService } from '../runs/run-service'
import { waitFor, waitForRunEnd } from '../testing/wait-for'
import { createWorkerTestApp, type WorkerTestApp } from '../testing/worker-test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { AgentService } from './agent-service'

const fileRoot = mkdtempSync(join(tmpdir(), 'agentloom-agent-files-'))
mkdirSync(join(fileRoot, 'reports'))

function savedAgentWorkflow(agentId: string, version?: number): GraphDocument {
  return graph()
    .start()
    .node('saved', 'agent_ref', { agentId, ...(version ? { version } : {}) })
    .output()
    .chain('start', 'saved', 'output')
    .build()
}

describe('saved agents in runs', () => {
  let app: WorkerTestApp
  let runs: RunService
  let alice: Principal
  let bob: Principal
  const agents = () => new AgentService(app.db.prisma, app.secrets)

  beforeAll(async () => {
    process.env.AGENTLOOM_FILE_ROOTS = fileRoot
    app = await createWorkerTestApp({ install: false, concurrency: 2 })
    runs = new RunService(app)
    alice = await app.addMember()
    bob = await app.addMember()
  })
  afterAll(async () => {
    delete process.env.AGENTLOOM_FILE_ROOTS
    await app?.close()
    rmSync(fileRoot, { recursive: true, force: true })
  })

  async function run(owner: Principal, graph: GraphDocument, input: string) {
    const workflowId = (await new WorkflowService(app.db.prisma).create(owner, { name: 'uses a saved agent', graph })).workflow.id
    return runs.create(owner, { workflowId, input })
  }
  const finished = (owner: Principal, runId: string) => waitForRunEnd({ get: (id) => runs.get(owner, id) }, app.events, runId)

  it("runs the saved agent's latest version with its function tool and MCP server, or the pinned one", async () => {
    const { agent } = await agents().create(alice, {
      name: 'Counter',
      definition: { name: 'Counter', instructions: 'Count.', model: { provider: 'demo' }, functionTools: ['calculate'] } as never,
    })
    await agents().createVersion(
      alice,
      agent.id,
      {
        definition: {
          name: 'Counter',
          instructions: 'Count.',
          model: { provider: 'demo' },
          functionTools: ['calculate'],
          mcpServerIds: ['research-assistant'],
        } as never,
        note: 'with the research server',
      },
      1,
    )
    // The seeded server belongs to nobody in particular; give it to Alice so her run may use it.
    await app.db.prisma.mcpServer.updateMany({ where: { id: 'research-assistant' }, data: { ownerId: alice.userId, workspaceId: alice.personalWorkspaceId } })

    const latest = await run(alice, savedAgentWorkflow(agent.id), '/call research-assistant_word_count {"text":"one two three"}')
    const done = await finished(alice, latest.id)
    expect(done.error ?? null).toBeNull()
    expect(done.status).toBe('succeeded')
    expect(done.outputs).toEqual(['Result: 3'])

    const pinned = await run(alice, savedAgentWorkflow(agent.id, 1), '/call calculate {"expression":"6 * 7"}')
    expect(await finished(alice, pinned.id)).toMatchObject({ status: 'succeeded', outputs: [expect.stringContaining('42')] })
    const noServer = await run(alice, savedAgentWorkflow(agent.id, 1), '/call research-assistant_word_count {"text":"x"}')
    expect((await finished(alice, noServer.id)).outputs).not.toEqual(['Result: 3'])
  })

  it("fails a run that uses another member's agent at start, naming it", async () => {
    const { agent } = await agents().create(bob, { name: "Bob's" })
    const attempt = await run(alice, savedAgentWorkflow(agent.id), 'hi')
    const done = await finished(alice, attempt.id)
    expect(done.status).toBe('failed')
    expect(done.error).toContain(`${agent.id}@latest`)
    expect(done.error).toContain("run's owner may not use it")
  })

  it('makes an agent wait for approval before it writes a file in its folder', async () => {
    const { agent } = await agents().create(alice, {
      name: 'Filer',
      definition: { model: { provider: 'demo' }, fileAccess: { enabled: true, root: fileRoot, folder: 'reports' } } as never,
    })
    const attempt = await run(alice, savedAgentWorkflow(agent.id), '/call file_access_write {"file_name":"summary.txt","content":"from the agent"}')
    const approval = await waitFor(async () => (await app.approvals.list(alice, { status: 'pending', runId: attempt.id }))[0])
    expect(JSON.stringify(approval.payload)).toContain('file_access_write')
    expect((await runs.get(alice, attempt.id)).run.status).toBe('waiting')
    expect(existsSync(join(fileRoot, 'reports', 'summary.txt'))).toBe(false)
    await app.approvals.answer(alice, approval.id, { decision: 'approve' })
    const done = await finished(alice, attempt.id)
    expect(done.status).toBe('succeeded')
    expect(readFileSync(join(fileRoot, 'reports', 'summary.txt'), 'utf8')).toBe('from the agent')
  })
})
