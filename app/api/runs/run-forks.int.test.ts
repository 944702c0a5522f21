/**
 * Time travel through the route handlers, with the real worker and Postgres: a finished run's checkpoints are listed
 * and read, the run is forked at superstep 2 with an edited message in flight and with an edited agent message, and
 * the fork runs as its own durable run (the parent untouched); a run parked for a person is forked at its last
 * checkpoint and the fork parks with its own approval, survives a worker restart and finishes on its own answer.
 * Bad input gets 4xx JSON errors; other people get the 404 of a missing run, viewers the 403 of their role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkpointDetailSchema, checkpointListSchema, createdForkSchema, runForksSchema, type CheckpointSummary } from '@/lib/contracts/run-forks'
import { asKnownRunEvent } from '@/lib/contracts/run-events'
import type { GraphDocument } from '@/lib/graph'
import { ConversationService } from '@/lib/server/conversations/conversation-service'
import { runAgentConversationId } from '@/lib/server/conversations/run-agent-conversations'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { createSavedAgent } from '@/lib/server/testing/saved-agents'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { waitFor, waitForRunEnd } from '@/lib/server/testing/wait-for'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { WorkspaceService } from '@/lib/server/workspaces/workspace-service'
import { POST as answerApproval } from '../approvals/[id]/route'
import { POST as sendMessage } from '../conversations/[id]/messages/route'
import { GET as getCheckpoint } from './[id]/checkpoints/[checkpointId]/route'
import { GET as listCheckpoints } from './[id]/checkpoints/route'
import { GET as listForks, POST as createFork } from './[id]/forks/route'
import { GET as getRun } from './[id]/route'
import { POST as createRun } from './route'

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

const PARENT_OUTPUT = 'Demo reply: Demo reply: Demo reply: hello'

const agent = (id: string, instructions = 'Answer.'): ChainNode => ({ id, kind: 'agent', data: { name: id, instructions, model: { provider: 'demo' } } })

describe('time travel: checkpoints and forks of stored runs', () => {
  let app: TestApp
  let worker: RunWorker
  let workflows: WorkflowService
  /**
   * start → writer → reviewer → editor → output: the start takes the input (superstep 0), then one node a superstep (1–4);
   * the demo model answers "Demo reply: <what it heard>".
   */
  let agentsWorkflowId: string
  let askingWorkflowId: string
  let finishedRunId: string
  let stranger: TestUser

  const runView = async (id: string, as?: TestUser) => (await callRoute(getRun, { params: { id }, as })).body
  const finished = (runId: string) => waitForRunEnd({ get: (id) => runView(id) }, app.events, runId)
  const events = (runId: string) => app.events.listAfter(runId, 0, 10_000)
  const checkpointsOf = async (runId: string): Promise<CheckpointSummary[]> => {
    const listed = await callRoute(listCheckpoints, { params: { id: runId } })
    expect(listed.status).toBe(200)
    return checkpointListSchema.parse(listed.body).checkpoints
  }
  const atSuperstep = async (runId: string, superstep: number) => (await checkpointsOf(runId)).find((checkpoint) => checkpoint.superstep === superstep)!
  const fork = (runId: string, body: unknown, as?: TestUser | null) => callRoute(createFork, { params: { id: runId }, body, as })
  const pendingApproval = (runId: string) => waitFor(async () => (await app.approvals.list(principalOf(app.admin), { status: 'pending', runId }))[0])

  beforeAll(async () => {
    app = await createTestApp()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    workflows = new WorkflowService(app.db.prisma)
    agentsWorkflowId = (
      await workflows.create(principalOf(app.admin), { name: 'two agents', graph: chain(agent('writer'), agent('reviewer'), agent('editor')) })
    ).workflow.id
    askingWorkflowId = (
      await workflows.create(principalOf(app.admin), { name: 'asking', graph: chain({ id: 'ask', kind: 'human_input', data: { prompt: 'Colour?' } }) })
    ).workflow.id
    stranger = await app.addUser('member')
    const created = await callRoute(createRun, { body: { workflowId: agentsWorkflowId, input: 'hello' } })
    finishedRunId = created.body.run.id
    expect(await finished(finishedRunId)).toMatchObject({ status: 'succeeded', outputs: [PARENT_OUTPUT] })
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  it("lists a finished run's checkpoints, one per superstep, with the event each covers, and shows the state at one", async () => {
    const checkpoints = await checkpointsOf(finishedRunId)
    expect(checkpoints.map((checkpoint) => checkpoint.superstep)).toEqual([0, 1, 2, 3, 4])
    const log = await events(finishedRunId)
    // Superstep 0's covers the events before superstep 1 starts; each other's, its `superstep_completed`.
    expect(log.find((event) => event.sequence === checkpoints[0].sequence! + 1)).toMatchObject({ type: 'superstep_started', data: { iteration: 1 } })
    for (const checkpoint of checkpoints.slice(1)) {
      expect(log.find((event) => event.sequence === checkpoint.sequence)).toMatchObject({
        type: 'superstep_completed',
        data: { iteration: checkpoint.superstep },
      })
    }
    const second = checkpoints[2]
    expect(second).toMatchObject({ superstep: 2, messagesInFlight: 1, pendingRequests: 0 })
    const read = await callRoute(getCheckpoint, { params: { id: finishedRunId, checkpointId: second.id } })
    expect(read.status).toBe(200)
    const detail = checkpointDetailSchema.parse(read.body)
    expect(detail.messages).toEqual([expect.objectContaining({ index: 0, sourceId: 'reviewer', data: 'Demo reply: Demo reply: hello' })])
    // The agents' conversations as of superstep 2 — not the stored conversations' later state (the editor has not run yet).
    expect(detail.conversations.writer.map((message) => [message.role, message.text])).toEqual([
      ['user', 'hello'],
      ['assistant', 'Demo reply: hello'],
    ])
    expect(detail.conversations.reviewer.map((message) => message.text)).toEqual(['Demo reply: hello', 'Demo reply: Demo reply: hello'])
    expect(detail.conversations.editor).toEqual([])
    expect(JSON.stringify(detail)).not.toContain('sealed')
  })

  it('forks a finished run at superstep 2 with an edited message: the fork goes on from the edit, the parent is untouched', async () => {
    const parentEvents = await events(finishedRunId)
    const parentCheckpoints = await app.db.prisma.checkpoint.findMany({ where: { runId: finishedRunId }, orderBy: { id: 'asc' } })
    const parentMessages = await app.db.prisma.chatMessage.findMany({
      where: { conversationId: { startsWith: `run:${finishedRunId}:` } },
      orderBy: { id: 'asc' },
    })
    const second = await atSuperstep(finishedRunId, 2)

    const created = await fork(finishedRunId, {
      checkpointId: second.id,
      edits: [
        { op: 'replace_message', index: 0, data: 'EDITED' },
        { op: 'replace_conversation_message', nodeId: 'writer', index: 1, text: 'An edited reply' },
      ],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { run: forkRun, fork: origin } = createdForkSchema.parse(created.body)
    expect(origin).toMatchObject({
      parentRunId: finishedRunId,
      checkpointId: second.id,
      superstep: 2,
      edits: [
        { before: 'Demo reply: Demo reply: hello', after: 'EDITED' },
        { before: 'Demo reply: hello', after: 'An edited reply' },
      ],
    })
    const done = await finished(forkRun.id)
    expect(done).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: EDITED'] })

    // Its log: the parent's events through the checkpoint, `run_forked`, then its own, which follow from the edit.
    const forkEvents = await events(forkRun.id)
    const forkedAt = forkEvents.findIndex((event) => event.type === 'run_forked')
    expect(forkEvents.slice(0, forkedAt)).toEqual(parentEvents.filter((event) => event.sequence <= second.sequence!))
    expect(forkEvents[forkedAt]).toMatchObject({
      sequence: second.sequence! + 1,
      data: { parentRunId: finishedRunId, superstep: 2, inheritedThrough: second.sequence },
    })
    const after = forkEvents.slice(forkedAt + 1)
    expect(after.filter((event) => event.type === 'run_started')).toEqual([])
    expect(JSON.stringify(after)).toContain('Demo reply: EDITED')
    expect(JSON.stringify(after)).not.toContain(PARENT_OUTPUT)
    expect(forkEvents.filter((event) => !asKnownRunEvent(event))).toEqual([])

    // Its own checkpoints: the copy (re-sealed under a new id) and the supersteps after it.
    const forkCheckpoints = await checkpointsOf(forkRun.id)
    expect(forkCheckpoints.map((checkpoint) => checkpoint.superstep)).toEqual([2, 3, 4])
    expect(forkCheckpoints.map((checkpoint) => checkpoint.id)).not.toContain(second.id)
    expect(await app.db.prisma.checkpoint.count({ where: { id: second.id } })).toBe(1)

    // Its writer's stored conversation is as of the checkpoint, edited; the reviewer's, what it heard in the fork.
    const conversation = async (runId: string, nodeId: string) =>
      (await app.db.prisma.chatMessage.findMany({ where: { conversationId: runAgentConversationId(runId, nodeId) }, orderBy: { position: 'asc' } })).map(
        (row) => `${row.role}: ${JSON.parse(row.message).contents[0].text}`,
      )
    expect(await conversation(forkRun.id, 'writer')).toEqual(['user: hello', 'assistant: An edited reply'])
    expect(await conversation(forkRun.id, 'reviewer')).toEqual(['user: Demo reply: hello', 'assistant: Demo reply: Demo reply: hello'])
    expect(await conversation(forkRun.id, 'editor')).toEqual(['user: EDITED', 'assistant: Demo reply: EDITED'])

    // The parent: its events, outputs, checkpoints and conversations as they were.
    expect(await events(finishedRunId)).toEqual(parentEvents)
    expect((await runView(finishedRunId)).run.outputs).toEqual([PARENT_OUTPUT])
    expect(await app.db.prisma.checkpoint.findMany({ where: { runId: finishedRunId }, orderBy: { id: 'asc' } })).toEqual(parentCheckpoints)
    expect(await app.db.prisma.chatMessage.findMany({ where: { conversationId: { startsWith: `run:${finishedRunId}:` } }, orderBy: { id: 'asc' } })).toEqual(
      parentMessages,
    )

    // The tree, from either end, with what a side-by-side comparison needs.
    const tree = runForksSchema.parse((await callRoute(listForks, { params: { id: finishedRunId } })).body)
    expect(tree.parent).toBeNull()
    expect(tree.forks.map((child) => child.id)).toContain(forkRun.id)
    const fromFork = runForksSchema.parse((await callRoute(listForks, { params: { id: forkRun.id } })).body)
    expect(fromFork.parent?.id).toBe(finishedRunId)
    expect(fromFork.run).toMatchObject({ outputs: ['Demo reply: EDITED'], eventCount: forkEvents.length, fork: { superstep: 2, parentRunId: finishedRunId } })
    expect(fromFork.run.usage?.totalTokenCount).toBeGreaterThan(0)
  })

  it('replays from a checkpoint without edits, and runs a newer version of the same shape from it', async () => {
    const second = await atSuperstep(finishedRunId, 2)
    const replay = await fork(finishedRunId, { checkpointId: second.id })
    expect(replay.status).toBe(201)
    expect(await finished(replay.body.run.id)).toMatchObject({ status: 'succeeded', outputs: [PARENT_OUTPUT] })

    // A newer version whose reviewer has other instructions: same nodes and edges, so it runs from the checkpoint.
    const { version: newer } = await workflows.createVersion(
      principalOf(app.admin),
      agentsWorkflowId,
      chain(agent('writer'), agent('reviewer'), agent('editor', 'Edit it.')),
      'latest',
    )
    const onNewer = await fork(finishedRunId, { checkpointId: second.id, version: newer.version })
    expect(onNewer.status, JSON.stringify(onNewer.body)).toBe(201)
    expect(onNewer.body.run.version).toBe(newer.version)
    expect((await finished(onNewer.body.run.id)).status).toBe('succeeded')

    // A version with another shape cannot run from it: 409 naming what differs.
    const { version: reshaped } = await workflows.createVersion(
      principalOf(app.admin),
      agentsWorkflowId,
      chain(agent('writer'), agent('reviewer'), agent('extra'), agent('editor')),
      'latest',
    )
    const refused = await fork(finishedRunId, { checkpointId: second.id, version: reshaped.version })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: 'graph_changed', message: expect.stringContaining("node 'extra' was added") })
  })

  it('forks a run parked for a person at its last checkpoint: the fork parks with its own approval, survives a worker restart and ends on its answer', async () => {
    const parent = (await callRoute(createRun, { body: { workflowId: askingWorkflowId, input: 'go' } })).body.run.id as string
    const parentApproval = await pendingApproval(parent)
    const checkpoints = await checkpointsOf(parent)
    const last = checkpoints.at(-1)!
    expect(last.pendingRequests).toBe(1)
    const detail = checkpointDetailSchema.parse((await callRoute(getCheckpoint, { params: { id: parent, checkpointId: last.id } })).body)
    const [request] = detail.pendingRequests

    const created = await fork(parent, {
      checkpointId: last.id,
      edits: [{ op: 'replace_request', requestId: request.requestId, data: { ...(request.data as object), prompt: 'Colour, again?' } }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const forkId = created.body.run.id as string
    const forkApproval = await pendingApproval(forkId)
    expect(forkApproval.id).not.toBe(parentApproval.id)
    expect(forkApproval.payload).toMatchObject({ prompt: 'Colour, again?' })
    await waitFor(async () => ((await runView(forkId)).run.status === 'waiting' ? true : undefined))

    // Parked means durable: a new worker (after this one stopped) continues it once it is answered.
    await worker.stop()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    const answered = await callRoute(answerApproval, { params: { id: forkApproval.id }, body: { decision: 'approve', content: { text: 'red' } } })
    expect(answered.status).toBe(200)
    expect(await finished(forkId)).toMatchObject({ status: 'succeeded', outputs: ['red'] })

    // The parent still waits on its own approval, and ends on its own answer.
    expect((await runView(parent)).run.status).toBe('waiting')
    await callRoute(answerApproval, { params: { id: parentApproval.id }, body: { decision: 'approve', content: { text: 'blue' } } })
    expect(await finished(parent)).toMatchObject({ status: 'succeeded', outputs: ['blue'] })
  })

  it('refuses bad input with 4xx JSON errors', async () => {
    const second = await atSuperstep(finishedRunId, 2)
    const expectError = async (response: Promise<{ status: number; body: any }>, status: number, code: string) => {
      const { status: got, body } = await response
      expect({ got, code: body?.error?.code }).toEqual({ got: status, code })
      expect(body.error.message).toEqual(expect.any(String))
    }
    await expectError(fork(finishedRunId, { checkpointId: 'no-such-checkpoint' }), 404, 'not_found')
    await expectError(callRoute(getCheckpoint, { params: { id: finishedRunId, checkpointId: 'no-such-checkpoint' } }), 404, 'not_found')
    // A checkpoint of another run is not this run's.
    const other = (await callRoute(createRun, { body: { workflowId: agentsWorkflowId, input: 'other' } })).body.run.id as string
    await finished(other)
    await expectError(fork(other, { checkpointId: second.id }), 404, 'not_found')
    await expectError(callRoute(getCheckpoint, { params: { id: other, checkpointId: second.id } }), 404, 'not_found')
    await expectError(fork(finishedRunId, { checkpointId: second.id, edits: [{ op: 'replace_message', index: 5, data: 'x' }] }), 400, 'invalid_fork_edit')
    await expectError(
      fork(finishedRunId, { checkpointId: second.id, edits: [{ op: 'replace_conversation_message', nodeId: 'writer', index: 2, text: 'x' }] }),
      400,
      'invalid_fork_edit',
    )
    await expectError(
      fork(finishedRunId, { checkpointId: second.id, edits: [{ op: 'replace_conversation_message', nodeId: 'nobody', index: 0, text: 'x' }] }),
      400,
      'invalid_fork_edit',
    )
    await expectError(fork(finishedRunId, { checkpointId: second.id, edits: [{ op: 'replace_request', requestId: 'r', data: 1 }] }), 400, 'invalid_fork_edit')
    await expectError(fork(finishedRunId, { checkpointId: second.id, edits: [{ op: 'delete_everything' }] }), 400, 'invalid_request')
    await expectError(fork(finishedRunId, { checkpointId: second.id, version: 999 }), 404, 'not_found')
    await expectError(fork(finishedRunId, { checkpointId: second.id, version: 1, versionId: '00000000-0000-4000-8000-000000000000' }), 400, 'invalid_request')
    await expectError(fork(finishedRunId, {}), 400, 'invalid_request')
    // A conversation turn is continued in its conversation, not forked.
    const agentId = await createSavedAgent(app, app.admin, { instructions: 'Be brief.', model: { provider: 'demo' } })
    const conversation = await new ConversationService(app).create(principalOf(app.admin), agentId, { title: 'a chat' })
    const sent = await callRoute(sendMessage, { params: { id: conversation.id }, body: { text: 'hi' } })
    expect(sent.status).toBe(202)
    const turn = sent.body.runId as string
    await finished(turn)
    const [turnCheckpoint] = await checkpointsOf(turn)
    await expectError(fork(turn, { checkpointId: turnCheckpoint?.id ?? 'none' }), 400, 'fork_of_turn')
    expect((await fork(finishedRunId, { checkpointId: second.id }, null)).status).toBe(401)
  })

  it("answers another person with the 404 of a missing run, and a viewer of the run's workspace with 403 for a fork", async () => {
    const second = await atSuperstep(finishedRunId, 2)
    for (const response of [
      await fork(finishedRunId, { checkpointId: second.id }, stranger),
      await callRoute(listCheckpoints, { params: { id: finishedRunId }, as: stranger }),
      await callRoute(getCheckpoint, { params: { id: finishedRunId, checkpointId: second.id }, as: stranger }),
      await callRoute(listForks, { params: { id: finishedRunId }, as: stranger }),
    ]) {
      expect(response.status).toBe(404)
      expect(response.body.error.code).toBe('not_found')
    }

    // A team workspace: its viewer reads the checkpoints of its runs but may not fork them.
    const owner = await app.addUser('member')
    const viewer = await app.addUser('member')
    const ownerPrincipal = (await app.apiTokens.authenticate(owner.token))!
    const workspaces = new WorkspaceService(app)
    const team = await workspaces.create(ownerPrincipal, 'forking team')
    await workspaces.addMember((await app.apiTokens.authenticate(owner.token))!, team.id, { email: viewer.email, role: 'viewer', approver: false })
    const teamWorkflow = await workflows.create((await app.apiTokens.authenticate(owner.token))!, {
      name: 'team agents',
      graph: chain(agent('writer')),
      workspaceId: team.id,
    })
    const teamRun = (await callRoute(createRun, { body: { workflowId: teamWorkflow.workflow.id, input: 'hi' }, as: owner })).body.run.id as string
    await waitForRunEnd({ get: (id) => runView(id, owner) }, app.events, teamRun)
    const [first] = (await callRoute(listCheckpoints, { params: { id: teamRun }, as: viewer })).body.checkpoints
    expect((await callRoute(getCheckpoint, { params: { id: teamRun, checkpointId: first.id }, as: viewer })).status).toBe(200)
    const refused = await fork(teamRun, { checkpointId: first.id }, viewer)
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('forbidden')
    const allowed = await fork(teamRun, { checkpointId: first.id }, owner)
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201)
  })
})
