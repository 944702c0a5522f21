/**
 * Debug runs through the route handlers, with the real worker and Postgres: a run pauses before a node as durably as
 * for a person (waiting, no worker holds it, a new worker takes it on), its state is edited while paused and what
 * follows hears the edit, it steps one superstep and pauses again, continues to its end; another is stopped. A pinned
 * node does not run. Bad input gets 4xx JSON, other people the 404 of a missing run, viewers the 403 of their role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { waitFor, waitForRunEnd } from '@/lib/server/testing/wait-for'
import { WorkflowPinService } from '@/lib/server/workflows/workflow-pins'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { WorkspaceService } from '@/lib/server/workspaces/workspace-service'
import { POST as editState } from './[id]/debug/state/route'
import { POST as debugAction } from './[id]/debug/route'
import { GET as getRun } from './[id]/route'
import { POST as createRun } from './route'
import { GET as nodeInputs } from '../workflows/[id]/node-inputs/route'

type ChainNode = { id: string; kind: string; data: Record<string, unknown> }

/** start → the given nodes, in a line → output. */
function chain(...middle: ChainNode[]): GraphDocument {
  const nodes = [{ id: 'start', kind: 'start', data: {} }, ...middle, { id: 'output', kind: 'output', data: {} }]
  return {
    schemaVersion: 1,
    nodes: nodes.map((node, i) => ({ ...node, position: { x: i * 200, y: 0 } })),
    edges: nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: nodes[i].id, target: node.id })),
  } as GraphDocument
}

const agent = (id: string, data: Record<string, unknown> = {}): ChainNode => ({
  id,
  kind: 'agent',
  data: { name: id, instructions: 'Answer.', model: { provider: 'demo' }, ...data },
})

describe('debug runs: breakpoints, stepping, pinned outputs', () => {
  let app: TestApp
  let worker: RunWorker
  let workflows: WorkflowService
  /** start → writer → reviewer → editor → output: one node a superstep (writer 1, reviewer 2, editor 3, output 4). */
  let agentsWorkflowId: string
  let stranger: TestUser

  const runView = async (id: string, as?: TestUser) => (await callRoute(getRun, { params: { id }, as })).body
  const finished = (runId: string) => waitForRunEnd({ get: (id) => runView(id) }, app.events, runId)
  const typesOf = async (runId: string) => (await app.events.listAfter(runId, 0, 10_000)).map((event) => event.type)
  const act = (id: string, action: string, as?: TestUser) => callRoute(debugAction, { params: { id }, body: { action }, as })
  /** The run once it is paused (a pending breakpoint approval), with no worker holding it. */
  const paused = (runId: string, count: number) =>
    waitFor(async () => {
      const hits = (await app.events.listAfter(runId, 0, 10_000)).filter((event) => event.type === 'breakpoint_hit')
      const [row] = await app.db.sql.query<{ status: string; workerId: string | null }>(`SELECT status, "workerId" FROM "Run" WHERE id = $1`, [runId])
      const pending = await app.db.prisma.approvalRequest.count({ where: { runId, kind: 'breakpoint', status: 'pending' } })
      return hits.length === count && row.status === 'waiting' && row.workerId === null && pending === 1 ? hits[count - 1] : undefined
    })
  const startDebugRun = async (workflowId: string, debug: unknown, as?: TestUser) => {
    const created = await callRoute(createRun, { body: { workflowId, input: 'hello', debug }, as })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body.run.id as string
  }

  beforeAll(async () => {
    app = await createTestApp()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    workflows = new WorkflowService(app.db.prisma)
    agentsWorkflowId = (
      await workflows.create(principalOf(app.admin), { name: 'three agents', graph: chain(agent('writer'), agent('reviewer'), agent('editor')) })
    ).workflow.id
    stranger = await app.addUser('member')
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  it('pauses before a node durably, takes an edit, steps one superstep, continues to the end', async () => {
    const runId = await startDebugRun(agentsWorkflowId, { breakpoints: [{ nodeId: 'reviewer', when: 'before' }] })
    const hit = await paused(runId, 1)
    expect(hit.data).toMatchObject({ reason: 'before', nodeIds: ['reviewer'], superstep: 1 })
    // The reviewer has not run: nothing of superstep 2 happened.
    expect(
      (await app.events.listAfter(runId, 0, 10_000)).some(
        (e) => e.type === 'executor_invoked' && (e.data as { executorId?: string }).executorId === 'reviewer',
      ),
    ).toBe(false)
    expect((await runView(runId)).run.status).toBe('waiting')

    // No worker holds it: a new worker (the first one stopped) takes it on when told to.
    await worker.stop()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()

    // The state it goes on from is edited: the reviewer hears the edit.
    const edited = await callRoute(editState, { params: { id: runId }, body: { edits: [{ op: 'replace_message', index: 0, data: 'EDITED' }] } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.edits).toEqual([{ edit: { op: 'replace_message', index: 0, data: 'EDITED' }, before: 'Demo reply: hello', after: 'EDITED' }])

    const stepped = await act(runId, 'step')
    expect(stepped.status, JSON.stringify(stepped.body)).toBe(200)
    const afterStep = await paused(runId, 2)
    expect(afterStep.data).toMatchObject({ reason: 'step', superstep: 2 })
    const invoked = (await app.events.listAfter(runId, 0, 10_000))
      .filter((e) => e.type === 'executor_invoked')
      .map((e) => (e.data as { executorId: string }).executorId)
    expect(invoked).toEqual(['start', 'writer', 'reviewer'])

    expect((await act(runId, 'continue')).status).toBe(200)
    const view = await finished(runId)
    expect(view).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: Demo reply: EDITED'] })
    const types = await typesOf(runId)
    expect(types.filter((type) => type.startsWith('breakpoint_'))).toEqual([
      'breakpoint_hit',
      'breakpoint_state_edited',
      'breakpoint_resumed',
      'breakpoint_hit',
      'breakpoint_resumed',
    ])
  })

  it('pauses before the node right after the start (the boundary after superstep 0), and goes on from there', async () => {
    const runId = await startDebugRun(agentsWorkflowId, { breakpoints: [{ nodeId: 'writer', when: 'before' }] })
    const hit = await paused(runId, 1)
    expect(hit.data).toMatchObject({ reason: 'before', nodeIds: ['writer'], superstep: 0 })
    const invoked = (await app.events.listAfter(runId, 0, 10_000)).filter((e) => e.type === 'executor_invoked')
    expect(invoked.map((e) => (e.data as { executorId: string }).executorId)).toEqual(['start'])
    expect((await act(runId, 'continue')).status).toBe(200)
    expect(await finished(runId)).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: Demo reply: Demo reply: hello'] })
  })

  it('pauses after a node that ran, and stops when told to', async () => {
    const runId = await startDebugRun(agentsWorkflowId, { breakpoints: [{ nodeId: 'reviewer', when: 'after' }] })
    const hit = await paused(runId, 1)
    expect(hit.data).toMatchObject({ reason: 'after', nodeIds: ['reviewer'], superstep: 2 })
    const stopped = await act(runId, 'stop')
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200)
    expect(await finished(runId)).toMatchObject({ status: 'cancelled' })
    // Stopped, it is no longer paused.
    expect((await act(runId, 'continue')).body.error.code).toBe('run_not_paused')
  })

  it("sends a pinned node's value instead of running it, and only in a debug run", async () => {
    const runId = await startDebugRun(agentsWorkflowId, { pinned: { writer: { value: 'PINNED' } } })
    expect(await finished(runId)).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: Demo reply: PINNED'] })
    const events = await app.events.listAfter(runId, 0, 10_000)
    // The writer's model was never called: no reply of its own, and the log says it was pinned.
    expect(events.filter((e) => e.type === 'agent_response').map((e) => (e.data as { executorId: string }).executorId)).toEqual(['reviewer', 'editor'])
    expect(events.find((e) => e.type === 'custom')?.data).toMatchObject({ name: 'pinned_output', executorId: 'writer', data: 'PINNED' })
  })

  it("takes the workflow's pins in a debug run (the request's own win), and never in a run without debug", async () => {
    const pins = new WorkflowPinService(app)
    const admin = principalOf(app.admin)
    await pins.put(admin, agentsWorkflowId, 'writer', { value: 'STORED', basedOn: null })
    // A pin of a node the version does not have is left out, not refused.
    await pins.put(admin, agentsWorkflowId, 'not-saved-yet', { value: 'ignored', basedOn: null })
    try {
      const debugRun = await startDebugRun(agentsWorkflowId, {})
      expect(await finished(debugRun)).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: Demo reply: STORED'] })
      const stored = await app.db.prisma.run.findUniqueOrThrow({ where: { id: debugRun }, select: { debug: true } })
      expect(stored.debug).toMatchObject({ pinned: { writer: { value: 'STORED' } } })

      const overridden = await startDebugRun(agentsWorkflowId, { pinned: { writer: { value: 'ASKED' } } })
      expect(await finished(overridden)).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: Demo reply: ASKED'] })

      const plain = await callRoute(createRun, { body: { workflowId: agentsWorkflowId, input: 'hello' } })
      expect(await finished(plain.body.run.id)).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: Demo reply: Demo reply: hello'] })
      // A run of one node runs it, pinned or not.
      const one = await callRoute(createRun, { body: { workflowId: agentsWorkflowId, input: 'just you', debug: { node: 'writer' } } })
      expect(await finished(one.body.run.id)).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: just you'] })
    } finally {
      for (const row of (await pins.list(admin, agentsWorkflowId)).map((pin) => pin.nodeId)) await pins.remove(admin, agentsWorkflowId, row)
    }
  })

  it('runs one node on the input given, with its own settings', async () => {
    const created = await callRoute(createRun, { body: { workflowId: agentsWorkflowId, input: 'just you', debug: { node: 'reviewer' } } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(await finished(created.body.run.id)).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: just you'] })
    const invoked = (await app.events.listAfter(created.body.run.id, 0, 10_000)).filter((e) => e.type === 'executor_invoked')
    expect(invoked.map((e) => (e.data as { executorId: string }).executorId)).toEqual(['start', 'reviewer', 'output'])
    for (const debug of [{ node: 'nobody' }, { node: 'start' }, { breakpoints: [{ nodeId: 'nobody', when: 'before' }] }, { pinned: { ghost: { value: 1 } } }]) {
      const refused = await callRoute(createRun, { body: { workflowId: agentsWorkflowId, input: 'x', debug } })
      expect(refused.status, JSON.stringify(debug)).toBe(400)
      expect(refused.body.error.code).toBe('invalid_request')
    }
  })

  it("tells what a node received in the workflow's latest runs that reached it, newest first, to those who see them", async () => {
    const created = await callRoute(createRun, { body: { workflowId: agentsWorkflowId, input: 'for the inputs' } })
    await finished(created.body.run.id)
    const inputsOf = (nodeId: string, as?: TestUser) =>
      callRoute(nodeInputs, { params: { id: agentsWorkflowId }, url: `http://localhost/api/workflows/x/node-inputs?nodeId=${nodeId}`, as })
    const reviewer = await inputsOf('reviewer')
    expect(reviewer.status, JSON.stringify(reviewer.body)).toBe(200)
    expect(reviewer.body.inputs[0]).toEqual({ runId: created.body.run.id, runCreatedAt: expect.any(String), input: 'Demo reply: for the inputs' })
    expect(reviewer.body.inputs.length).toBeLessThanOrEqual(5)
    expect((await inputsOf('writer')).body.inputs[0]).toMatchObject({ runId: created.body.run.id, input: 'for the inputs' })
    expect((await inputsOf('nobody')).body.inputs).toEqual([])
    expect((await inputsOf('reviewer', stranger)).status).toBe(404)
    const noNode = await callRoute(nodeInputs, { params: { id: agentsWorkflowId } })
    expect(noNode.status).toBe(400)
    expect(noNode.body.error.code).toBe('invalid_request')
  })

  it('never pauses a run started without debug settings', async () => {
    const created = await callRoute(createRun, { body: { workflowId: agentsWorkflowId, input: 'hello' } })
    expect(await finished(created.body.run.id)).toMatchObject({ status: 'succeeded' })
    const answer = await act(created.body.run.id, 'continue')
    expect(answer.status).toBe(409)
    expect(answer.body.error.code).toBe('run_not_paused')
  })

  it('answers bad input with 4xx JSON, others with 404, viewers with 403', async () => {
    const bad = await callRoute(createRun, {
      body: { workflowId: agentsWorkflowId, input: 'x', debug: { breakpoints: [{ nodeId: 'writer', when: 'later' }] } },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('invalid_request')
    const runId = await startDebugRun(agentsWorkflowId, { breakpoints: [{ nodeId: 'reviewer', when: 'before' }] })
    await paused(runId, 1)
    const badAction = await callRoute(debugAction, { params: { id: runId }, body: { action: 'rewind' } })
    expect(badAction.status).toBe(400)
    const badEdit = await callRoute(editState, { params: { id: runId }, body: { edits: [{ op: 'replace_message', index: 7, data: 'x' }] } })
    expect(badEdit.status).toBe(400)
    expect(badEdit.body.error.code).toBe('invalid_fork_edit')
    expect((await act(runId, 'continue', stranger)).status).toBe(404)
    expect(
      (await callRoute(editState, { params: { id: runId }, body: { edits: [{ op: 'replace_message', index: 0, data: 'x' }] }, as: stranger })).status,
    ).toBe(404)
    expect((await act(runId, 'stop')).status).toBe(200)

    const owner = await app.addUser('member')
    const viewer = await app.addUser('member')
    const ownerPrincipal = (await app.apiTokens.authenticate(owner.token))!
    const workspaces = new WorkspaceService(app)
    const team = await workspaces.create(ownerPrincipal, 'debugging team')
    // Principals carry their memberships as of sign-in: the owner's is read again once the team exists.
    await workspaces.addMember((await app.apiTokens.authenticate(owner.token))!, team.id, { email: viewer.email, role: 'viewer', approver: false })
    const teamWorkflow = await workflows.create((await app.apiTokens.authenticate(owner.token))!, {
      name: 'team agents',
      graph: chain(agent('writer'), agent('reviewer')),
      workspaceId: team.id,
    })
    const teamRun = await startDebugRun(teamWorkflow.workflow.id, { breakpoints: [{ nodeId: 'reviewer', when: 'before' }] }, owner)
    await paused(teamRun, 1)
    for (const action of ['continue', 'step', 'stop']) {
      const refused = await act(teamRun, action, viewer)
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe('forbidden')
    }
    expect((await act(teamRun, 'continue', owner)).status).toBe(200)
    expect(await waitForRunEnd({ get: (id) => runView(id, owner) }, app.events, teamRun)).toMatchObject({ status: 'succeeded' })
  })
})
