import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Message } from '../types'
import {
  FileCheckpointStorage,
  InMemoryCheckpointStorage,
  WorkflowBuilder,
  WorkflowCheckpointError,
  WorkflowResponseError,
  executor,
  type CheckpointStorage,
  type WorkflowCheckpoint,
} from './index'

let directory: string
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'workflow-checkpoints-'))
})
afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

/** A draft → human review → publish workflow; built fresh to stand in for a new process. */
function reviewWorkflow(storage?: CheckpointStorage) {
  const draft = executor('draft', async (topic: string, ctx) => {
    ctx.setState('topic', topic)
    ctx.sendMessage(new Message({ role: 'assistant', text: `Draft about ${topic}` }))
  })
  const review = executor(
    'review',
    async (message: Message, ctx) => {
      ctx.requestInfo({ question: 'Publish this?', draft: message.text }, { requestId: 'approve-draft' })
    },
    {
      onResponse: async (request: { draft: string }, answer: { approved: boolean }, ctx) => {
        ctx.sendMessage(answer.approved ? request.draft : 'rejected')
      },
    },
  )
  const publish = executor('publish', async (text: string, ctx) => ctx.yieldOutput(`${text} (topic: ${ctx.getState('topic')})`))
  return new WorkflowBuilder({ startExecutor: draft, name: 'review', checkpointStorage: storage }).addChain([draft, review, publish]).build()
}

describe('human in the loop', () => {
  it('ends IDLE_WITH_PENDING_REQUESTS and continues with responses', async () => {
    const workflow = reviewWorkflow()
    const first = await workflow.run('cats')
    expect(first.getFinalState()).toBe('IDLE_WITH_PENDING_REQUESTS')
    expect(first.statusTimeline().map((s) => s.state)).toEqual(['IN_PROGRESS', 'IN_PROGRESS_PENDING_REQUESTS', 'IDLE_WITH_PENDING_REQUESTS'])
    expect(first.getRequestInfoEvents()).toEqual([
      {
        type: 'request_info',
        requestId: 'approve-draft',
        executorId: 'review',
        data: { question: 'Publish this?', draft: 'Draft about cats' },
      },
    ])
    expect(workflow.pendingRequests.map((r) => r.requestId)).toEqual(['approve-draft'])
    const second = await workflow.run(undefined, { responses: { 'approve-draft': { approved: true } } })
    expect(second.getOutputs()).toEqual(['Draft about cats (topic: cats)'])
    expect(second.getFinalState()).toBe('IDLE')
    expect(workflow.pendingRequests).toEqual([])
  })

  it('rejects responses to requests that are not pending', async () => {
    const workflow = reviewWorkflow()
    await expect(workflow.run(undefined, { responses: { x: 1 } })).rejects.toThrow('No pending requests found in workflow context.')
    await workflow.run('dogs')
    await expect(workflow.run(undefined, { responses: { nope: true } })).rejects.toThrow(WorkflowResponseError)
    await expect(workflow.run(undefined, { responses: { nope: true } })).rejects.toThrow('Response provided for unknown request ID: nope')
    const resumed = await workflow.run(undefined, { responses: { 'approve-draft': { approved: false } } })
    expect(resumed.getOutputs()).toEqual(['rejected (topic: dogs)'])
  })

  it('validates a response against the schema given with the request', async () => {
    const ask = executor('ask', async (_: string, ctx) => ctx.requestInfo('how many?', { requestId: 'n', responseSchema: (v) => typeof v === 'number' }), {
      onResponse: async (_q: string, n: number, ctx) => ctx.yieldOutput(n * 2),
    })
    const workflow = new WorkflowBuilder({ startExecutor: ask }).build()
    await workflow.run('go')
    await expect(workflow.run(undefined, { responses: { n: 'three' } })).rejects.toThrow('Response type mismatch for request ID n')
    expect((await workflow.run(undefined, { responses: { n: 3 } })).getOutputs()).toEqual([6])
  })
})

describe('checkpoints', () => {
  it('takes a checkpoint after the start executor and after every superstep, chained', async () => {
    const storage = new InMemoryCheckpointStorage()
    const steps = ['a', 'b', 'c'].map((id, i) => executor(id, async (n: number, ctx) => (i === 2 ? ctx.yieldOutput(n) : ctx.sendMessage(n + 1))))
    const workflow = new WorkflowBuilder({ startExecutor: steps[0], name: 'chain' }).addChain(steps).build()
    await workflow.run(0, { checkpointStorage: storage })
    const checkpoints = await storage.list({ workflowName: 'chain' })
    expect(checkpoints.map((c) => c.iterationCount)).toEqual([0, 1, 2])
    expect(checkpoints[1].previousCheckpointId).toBe(checkpoints[0].checkpointId)
    expect(checkpoints[2].previousCheckpointId).toBe(checkpoints[1].checkpointId)
    expect(checkpoints[0].messages).toEqual([{ sourceId: 'a', data: 1 }])
    expect(checkpoints[0].graphSignatureHash).toBe(workflow.graphSignatureHash)
    expect(Object.keys(checkpoints[0]).sort()).toEqual(
      [
        'checkpointId',
        'workflowName',
        'graphSignatureHash',
        'timestamp',
        'iterationCount',
        'messages',
        'state',
        'pendingRequestInfoEvents',
        'executorStates',
        'edgeGroupStates',
        'metadata',
        'version',
      ].sort(),
    )
  })

  it('resumes from a mid-run checkpoint on a fresh instance', async () => {
    const storage = new InMemoryCheckpointStorage()
    const ran: string[] = []
    const make = () => {
      const steps = ['a', 'b', 'c'].map((id, i) =>
        executor(id, async (n: number, ctx) => {
          ran.push(id)
          if (i === 0) ctx.setState('base', 100)
          if (i === 2) ctx.yieldOutput(n + (ctx.getState('base') as number))
          else ctx.sendMessage(n + 1)
        }),
      )
      return new WorkflowBuilder({ startExecutor: steps[0], name: 'resume' }).addChain(steps).build()
    }
    await make().run(0, { checkpointStorage: storage })
    const afterFirstStep = (await storage.list()).find((c) => c.iterationCount === 1)!
    ran.length = 0
    const resumed = await make().run(undefined, { checkpointId: afterFirstStep.checkpointId, checkpointStorage: storage })
    expect(ran).toEqual(['c'])
    expect(resumed.getOutputs()).toEqual([102])
  })

  it('restores fan-in buffers', async () => {
    const storage = new InMemoryCheckpointStorage()
    const make = () => {
      const start = executor('start', async (s: string, ctx) => ctx.sendMessage(s))
      const quick = executor('quick', async (s: string, ctx) => ctx.sendMessage(`quick:${s}`))
      const slow = executor('slow', async (s: string, ctx) => ctx.sendMessage(s))
      const slower = executor('slower', async (s: string, ctx) => ctx.sendMessage(`slow:${s}`))
      const join = executor('join', async (items: string[], ctx) => ctx.yieldOutput(items))
      return new WorkflowBuilder({ startExecutor: start, name: 'fan' })
        .addFanOutEdges(start, [quick, slow])
        .addEdge(slow, slower)
        .addFanInEdges([quick, slower], join)
        .build()
    }
    await make().run('x', { checkpointStorage: storage })
    const mid = (await storage.list()).find((c) => c.iterationCount === 2)!
    expect(mid.edgeGroupStates).toEqual({ 'FanInEdgeGroup/2': { quick: ['quick:x'] } })
    const resumed = await make().run(undefined, { checkpointId: mid.checkpointId, checkpointStorage: storage })
    expect(resumed.getOutputs()).toEqual([['quick:x', 'slow:x']])
  })

  it('refuses to restore onto a changed graph', async () => {
    const storage = new InMemoryCheckpointStorage()
    await reviewWorkflow(storage).run('x')
    const [checkpoint] = await storage.list()
    const a = executor('draft', async () => {})
    const other = new WorkflowBuilder({ startExecutor: a, name: 'review' }).build()
    const attempt = other.run(undefined, { checkpointId: checkpoint.checkpointId, checkpointStorage: storage })
    await expect(attempt).rejects.toThrow(WorkflowCheckpointError)
    await expect(other.run(undefined, { checkpointId: checkpoint.checkpointId, checkpointStorage: storage })).rejects.toThrow(
      'Workflow graph has changed since the checkpoint was created. Please rebuild the original workflow before resuming.',
    )
  })

  it('explains a missing checkpoint and a missing storage', async () => {
    const workflow = reviewWorkflow()
    await expect(workflow.run(undefined, { checkpointId: 'nope' })).rejects.toThrow('Cannot restore from checkpoint')
    await expect(workflow.run(undefined, { checkpointId: 'nope', checkpointStorage: new InMemoryCheckpointStorage() })).rejects.toThrow(
      'Checkpoint nope not found',
    )
  })

  it('answers a pending request from a checkpoint in a new process (files, plain JSON)', async () => {
    const storage = new FileCheckpointStorage(path.join(directory, 'hitl'))
    const first = await reviewWorkflow(storage).run('birds')
    expect(first.getFinalState()).toBe('IDLE_WITH_PENDING_REQUESTS')
    const checkpoints = await storage.list({ workflowName: 'review' })
    const latest = checkpoints.at(-1)!
    expect(Object.keys(latest.pendingRequestInfoEvents)).toEqual(['approve-draft'])
    const files = await readdir(path.join(directory, 'hitl'))
    expect(files.sort()).toEqual(checkpoints.map((c) => `${c.checkpointId}.json`).sort())
    const onDisk = JSON.parse(await readFile(path.join(directory, 'hitl', `${latest.checkpointId}.json`), 'utf8')) as WorkflowCheckpoint
    expect(onDisk).toEqual(latest)

    // A new instance (as in another process) learns the pending request again and answers it.
    const restarted = reviewWorkflow(storage)
    const reopened = await restarted.run(undefined, { checkpointId: latest.checkpointId })
    expect(reopened.getRequestInfoEvents().map((e) => e.requestId)).toEqual(['approve-draft'])
    expect(reopened.getFinalState()).toBe('IDLE_WITH_PENDING_REQUESTS')
    const answered = await reviewWorkflow(storage).run(undefined, {
      checkpointId: latest.checkpointId,
      responses: { 'approve-draft': { approved: true } },
    })
    expect(answered.getOutputs()).toEqual(['Draft about birds (topic: birds)'])
  })

  it('warns and carries on when a message cannot be stored', async () => {
    const storage = new InMemoryCheckpointStorage()
    const start = executor('start', async (_: string, ctx) => ctx.sendMessage(() => 'a function'))
    const end = executor('end', async (fn: () => string, ctx) => ctx.yieldOutput(fn()))
    const run = await new WorkflowBuilder({ startExecutor: start }).addEdge(start, end).build().run('x', { checkpointStorage: storage })
    expect(run.getOutputs()).toEqual(['a function'])
    expect(run.events.find((e) => e.type === 'warning')).toEqual({
      type: 'warning',
      message: 'Failed to create checkpoint: Value at $ is a function and cannot be stored in a checkpoint.',
    })
  })

  it('keeps at most maxCheckpoints in memory', async () => {
    const storage = new InMemoryCheckpointStorage({ maxCheckpoints: 3 })
    const loop = executor('loop', async (n: number, ctx) => (n < 20 ? ctx.sendMessage(n + 1) : ctx.yieldOutput(n)))
    const run = await new WorkflowBuilder({ startExecutor: loop, name: 'loop' }).addEdge(loop, loop).build().run(0, { checkpointStorage: storage })
    expect(run.getOutputs()).toEqual([20])
    expect(storage.size).toBe(3)
    expect((await storage.list()).map((c) => c.iterationCount)).toEqual([18, 19, 20])
  })
})

describe('FileCheckpointStorage', () => {
  it('saves, loads, lists and deletes; refuses unsafe ids', async () => {
    const storage = new FileCheckpointStorage(path.join(directory, 'unit'))
    expect(await storage.list()).toEqual([])
    const checkpoint: WorkflowCheckpoint = {
      checkpointId: 'cp-1',
      workflowName: 'w',
      graphSignatureHash: 'h',
      timestamp: new Date(0).toISOString(),
      iterationCount: 0,
      messages: [],
      state: { a: 1 },
      pendingRequestInfoEvents: {},
      executorStates: {},
      edgeGroupStates: {},
      metadata: {},
      version: '1.0',
    }
    expect(await storage.save(checkpoint)).toBe('cp-1')
    expect(await storage.load('cp-1')).toEqual(checkpoint)
    expect(await storage.load('cp-2')).toBeUndefined()
    expect(await storage.list({ workflowName: 'other' })).toEqual([])
    expect(await storage.delete('cp-1')).toBe(true)
    expect(await storage.delete('cp-1')).toBe(false)
    await expect(storage.load('../escape')).rejects.toThrow("Invalid checkpoint id '../escape'.")
  })
})
