import { describe, expect, it } from 'vitest'
import { InMemoryCheckpointStorage, WorkflowBuilder, executor, isString, type WorkflowCheckpoint, type WorkflowEvent } from './index'
import { SubWorkflowRequestMessage, SubWorkflowResponseMessage } from './sub-workflow-messages'
import { WorkflowExecutor } from './workflow-executor'

function childWorkflow() {
  const shout = executor('shout', async (text: string, ctx) => ctx.sendMessage(text.toUpperCase()))
  const done = executor('done', async (text: string, ctx) => {
    ctx.addEvent({ type: 'custom', name: 'progress', data: text })
    ctx.yieldOutput(`${text}!`)
  })
  return new WorkflowBuilder({ startExecutor: shout, name: 'child' }).addEdge(shout, done).build()
}

function askingChild() {
  const ask = executor('ask', async (text: string, ctx) => ctx.requestInfo({ confirm: text }, { requestId: 'child-question' }), {
    onResponse: async (request: { confirm: string }, answer: string, ctx) => ctx.yieldOutput(`${request.confirm}:${answer}`),
  })
  return new WorkflowBuilder({ startExecutor: ask, name: 'asking-child' }).build()
}

describe('WorkflowExecutor', () => {
  it("sends the child's outputs along the parent's edges and forwards progress events", async () => {
    const start = executor('start', async (text: string, ctx) => ctx.sendMessage(text))
    const sub = new WorkflowExecutor(childWorkflow(), { id: 'sub' })
    const end = executor('end', async (text: string, ctx) => ctx.yieldOutput(`parent got ${text}`))
    const workflow = new WorkflowBuilder({ startExecutor: start }).addChain([start, sub, end]).build()
    const run = await workflow.run('hi')
    expect(run.getOutputs()).toEqual(['parent got HI!'])
    expect(run.events.find((e) => e.type === 'custom')).toEqual({ type: 'custom', name: 'progress', data: 'HI' })
    expect(workflow.toJSON().executors.sub).toMatchObject({ id: 'sub', type: 'WorkflowExecutor', workflow: { name: 'child', startExecutorId: 'shout' } })
  })

  it('yields child outputs directly when allowed', async () => {
    const sub = new WorkflowExecutor(childWorkflow(), { id: 'sub', allowDirectOutput: true })
    const run = await new WorkflowBuilder({ startExecutor: sub }).build().run('yo')
    expect(run.getOutputs()).toEqual(['YO!'])
  })

  it("with propagateRequest, surfaces the child's requests as the parent's and routes the answers back", async () => {
    const sub = new WorkflowExecutor(askingChild(), { id: 'sub', allowDirectOutput: true, propagateRequest: true })
    const workflow = new WorkflowBuilder({ startExecutor: sub }).build()
    const first = await workflow.run('deploy')
    expect(first.getFinalState()).toBe('IDLE_WITH_PENDING_REQUESTS')
    expect(first.getRequestInfoEvents()).toEqual([{ type: 'request_info', requestId: 'child-question', executorId: 'sub', data: { confirm: 'deploy' } }])
    const second = await workflow.run(undefined, { responses: { 'child-question': 'yes' } })
    expect(second.getOutputs()).toEqual(['deploy:yes'])
  })

  it('resumes a waiting child from a checkpoint in a new parent instance', async () => {
    const storage = new InMemoryCheckpointStorage()
    const make = () =>
      new WorkflowBuilder({
        startExecutor: new WorkflowExecutor(askingChild(), { id: 'sub', allowDirectOutput: true, propagateRequest: true }),
        name: 'parent',
      }).build()
    await make().run('ship', { checkpointStorage: storage })
    const latest = (await storage.list()).at(-1)!
    expect(latest.executorStates.sub).toBeTruthy()
    const run = await make().run(undefined, { checkpointId: latest.checkpointId, checkpointStorage: storage, responses: { 'child-question': 'ok' } })
    expect(run.getOutputs()).toEqual(['ship:ok'])
  })

  it('fails the parent executor when the child fails', async () => {
    const broken = executor('broken', async () => {
      throw new Error('child exploded')
    })
    const sub = new WorkflowExecutor(new WorkflowBuilder({ startExecutor: broken }).build(), { id: 'sub' })
    const events: string[] = []
    await expect(async () => {
      for await (const event of new WorkflowBuilder({ startExecutor: sub }).build().runStream('x')) {
        if (event.type === 'executor_failed') events.push(`${event.type}:${event.executorId}`)
      }
    }).rejects.toThrow('child exploded')
    expect(events).toEqual(['executor_failed:sub'])
  })

  it('changes the parent graph signature when the child graph changes', () => {
    const parentWith = (child: ReturnType<typeof childWorkflow>) =>
      new WorkflowBuilder({ startExecutor: new WorkflowExecutor(child, { id: 'sub' }) }).build().graphSignatureHash
    expect(parentWith(childWorkflow())).toBe(parentWith(childWorkflow()))
    expect(parentWith(childWorkflow())).not.toBe(parentWith(askingChild()))
  })
})

// ---------------------------------------------------------------------------------------------
// Requests of the child answered by the parent graph (propagateRequest: false, the default)

interface Question {
  topic: string
}

/** A child that asks two questions at once and yields each answer as it arrives. */
function twoQuestionChild() {
  const ask = executor(
    'ask',
    async (text: string, ctx) => {
      ctx.requestInfo({ topic: 'cached' }, { requestId: 'q-cached' })
      ctx.requestInfo({ topic: `person:${text}` }, { requestId: 'q-person' })
    },
    { accepts: isString, onResponse: async (request: Question, answer: string, ctx) => ctx.yieldOutput(`${request.topic}=${answer}`) },
  )
  return new WorkflowBuilder({ startExecutor: ask, name: 'two-question-child' }).build()
}

const isSubWorkflowRequest = (message: unknown) => message instanceof SubWorkflowRequestMessage

/** Answers the questions it knows itself and asks people for the rest (the reference's coordinator). */
function coordinator(answersLocally: (topic: string) => boolean) {
  return executor(
    'coordinator',
    (request: SubWorkflowRequestMessage<Question>, ctx) => {
      if (answersLocally(request.sourceEvent.data.topic)) ctx.sendMessage(request.createResponse('from cache'), request.executorId)
      else ctx.requestInfo(request, { requestId: `parent-${request.sourceEvent.requestId}` })
    },
    {
      accepts: isSubWorkflowRequest,
      onResponse: (request: SubWorkflowRequestMessage, answer: string, ctx) => ctx.sendMessage(request.createResponse(answer), request.executorId),
    },
  )
}

/** start → sub → (coordinator → sub, collect) */
function interceptingParent(options: { answersLocally?: (topic: string) => boolean; propagateRequest?: boolean } = {}) {
  const start = executor('start', (text: string, ctx) => ctx.sendMessage(text))
  const sub = new WorkflowExecutor(twoQuestionChild(), { id: 'sub', propagateRequest: options.propagateRequest })
  const handler = coordinator(options.answersLocally ?? ((topic) => topic === 'cached'))
  const collect = executor('collect', (text: string, ctx) => ctx.yieldOutput(`parent got ${text}`), { accepts: isString })
  return new WorkflowBuilder({ startExecutor: start, name: 'parent' })
    .addEdge(start, sub)
    .addEdge(sub, handler)
    .addEdge(sub, collect)
    .addEdge(handler, sub)
    .build()
}

type Mode = 'run' | 'runStream'

/** Runs the parent either way and returns what both ways have in common. */
async function runParent(workflow: ReturnType<typeof interceptingParent>, mode: Mode, message?: unknown, options: Parameters<typeof workflow.run>[1] = {}) {
  let events: WorkflowEvent[]
  if (mode === 'run') {
    events = [...(await workflow.run(message, { ...options, includeStatusEvents: true })).events]
  } else {
    events = []
    for await (const event of workflow.runStream(message, options)) events.push(event)
  }
  const statuses = events.flatMap((event) => (event.type === 'status' ? [event.state] : []))
  return {
    events,
    outputs: events.flatMap((event) => (event.type === 'output' ? [event.data] : [])),
    requests: events.flatMap((event) => (event.type === 'request_info' ? [event] : [])),
    warnings: events.flatMap((event) => (event.type === 'warning' ? [event] : [])),
    finalState: statuses.at(-1),
  }
}

describe('WorkflowExecutor: requests answered by the parent graph', () => {
  it.each<Mode>(['run', 'runStream'])('lets a parent executor answer every request; the child finishes and its outputs flow on (%s)', async (mode) => {
    const run = await runParent(interceptingParent({ answersLocally: () => true }), mode, 'hi')
    expect(run.outputs).toEqual(['parent got cached=from cache', 'parent got person:hi=from cache'])
    expect(run.requests).toEqual([])
    expect(run.warnings).toEqual([])
    expect(run.finalState).toBe('IDLE')
  })

  it.each<Mode>(['run', 'runStream'])('answers some requests in the parent and asks people for the others (%s)', async (mode) => {
    const workflow = interceptingParent()
    const first = await runParent(workflow, mode, 'hi')
    expect(first.outputs).toEqual(['parent got cached=from cache'])
    expect(first.finalState).toBe('IDLE_WITH_PENDING_REQUESTS')
    expect(first.requests).toHaveLength(1)
    const [request] = first.requests
    expect(request).toMatchObject({ requestId: 'parent-q-person', executorId: 'coordinator' })
    expect(request.data).toBeInstanceOf(SubWorkflowRequestMessage)
    expect(request.data).toEqual(
      new SubWorkflowRequestMessage({ type: 'request_info', requestId: 'q-person', executorId: 'ask', data: { topic: 'person:hi' } }, 'sub'),
    )

    const second = await runParent(workflow, mode, undefined, { responses: { 'parent-q-person': 'yes' } })
    expect(second.outputs).toEqual(['parent got person:hi=yes'])
    expect(second.finalState).toBe('IDLE')
  })

  it.each<Mode>(['run', 'runStream'])(
    "with propagateRequest, surfaces every request as the parent's and never asks the parent's executors (%s)",
    async (mode) => {
      const workflow = interceptingParent({ propagateRequest: true })
      const first = await runParent(workflow, mode, 'hi')
      expect(first.requests).toEqual([
        { type: 'request_info', requestId: 'q-cached', executorId: 'sub', data: { topic: 'cached' } },
        { type: 'request_info', requestId: 'q-person', executorId: 'sub', data: { topic: 'person:hi' } },
      ])
      expect(first.events.some((event) => event.type === 'executor_invoked' && event.executorId === 'coordinator')).toBe(false)
      const second = await runParent(workflow, mode, undefined, { responses: { 'q-cached': 'a', 'q-person': 'b' } })
      expect(second.outputs).toEqual(['parent got cached=a', 'parent got person:hi=b'])
      expect(second.finalState).toBe('IDLE')
    },
  )

  it('ignores, with a warning, a response to a request the child no longer waits for or never made', async () => {
    const start = executor('start', (text: string, ctx) => ctx.sendMessage(text))
    const sub = new WorkflowExecutor(askingChild(), { id: 'sub' })
    const eager = executor(
      'eager',
      (request: SubWorkflowRequestMessage, ctx) => {
        ctx.sendMessage(request.createResponse('first'))
        ctx.sendMessage(request.createResponse('again'))
        ctx.sendMessage(new SubWorkflowResponseMessage('stray', { type: 'request_info', requestId: 'never-asked', executorId: 'ask', data: null }))
      },
      { accepts: isSubWorkflowRequest },
    )
    const collect = executor('collect', (text: string, ctx) => ctx.yieldOutput(text), { accepts: isString })
    const workflow = new WorkflowBuilder({ startExecutor: start }).addEdge(start, sub).addEdge(sub, eager).addEdge(sub, collect).addEdge(eager, sub).build()
    const run = await workflow.run('deploy')
    expect(run.getOutputs()).toEqual(['deploy:first'])
    expect(run.getFinalState()).toBe('IDLE')
    expect(run.events.filter((event) => event.type === 'warning')).toEqual([
      {
        type: 'warning',
        executorId: 'sub',
        message: 'WorkflowExecutor sub received a response for an unknown or already-handled request_id: child-question. This response will be ignored.',
      },
      {
        type: 'warning',
        executorId: 'sub',
        message: 'WorkflowExecutor sub received a response for an unknown or already-handled request_id: never-asked. This response will be ignored.',
      },
    ])
  })

  it('warns when a request sent to the parent graph finds no executor that takes it', async () => {
    const start = executor('start', (text: string, ctx) => ctx.sendMessage(text))
    const sub = new WorkflowExecutor(askingChild(), { id: 'sub' })
    const collect = executor('collect', (text: string, ctx) => ctx.yieldOutput(text), { accepts: isString })
    const run = await new WorkflowBuilder({ startExecutor: start }).addChain([start, sub, collect]).build().run('deploy')
    expect(run.getRequestInfoEvents()).toEqual([])
    expect(run.events.filter((event) => event.type === 'warning').map((event) => (event as { message: string }).message)).toEqual([
      "Message of type SubWorkflowRequestMessage from 'sub' could not be delivered: no target executor accepts it.",
    ])
  })

  it("offers another sub-workflow's request to a WorkflowExecutor only when its child takes it", () => {
    const request = new SubWorkflowRequestMessage({ type: 'request_info', requestId: 'r', executorId: 'ask', data: {} }, 'other')
    const picky = new WorkflowExecutor(twoQuestionChild(), { id: 'picky' })
    expect(picky.canHandle(request)).toBe(false)
    expect(picky.canHandle('text')).toBe(true)
    expect(picky.canHandle(request.createResponse('x'))).toBe(true)
    expect(new WorkflowExecutor(childWorkflow(), { id: 'open' }).canHandle(request)).toBe(true)
  })

  it('warns when new input reaches a child that still waits for answers', async () => {
    const fanTwice = executor('twice', (text: string, ctx) => {
      ctx.sendMessage(text)
      ctx.sendMessage(`${text} again`)
    })
    const parent = new WorkflowBuilder({ startExecutor: fanTwice })
      .addEdge(fanTwice, new WorkflowExecutor(askingChild(), { id: 'sub', propagateRequest: true }))
      .build()
    const run = await parent.run('x')
    expect(run.events.filter((event) => event.type === 'warning')).toEqual([
      {
        type: 'warning',
        executorId: 'sub',
        message:
          'WorkflowExecutor sub received a new input message while its sub-workflow (asking-child) still has 1 pending request(s) from an ' +
          'unfinished request/response cycle. The sub-workflow is a single shared instance, so the new input advances shared state and can ' +
          'interfere with the in-flight cycle. Ensure the sub-workflow is stateless, or complete the pending cycle before sending new input.',
      },
    ])
  })
})

describe('WorkflowExecutor: checkpoints with requests answered by the parent graph', () => {
  /** A copy of a checkpoint as another process would read it back from storage. */
  async function storageInAnotherProcess(checkpoint: WorkflowCheckpoint) {
    const storage = new InMemoryCheckpointStorage()
    await storage.save(JSON.parse(JSON.stringify(checkpoint)) as WorkflowCheckpoint)
    return storage
  }

  it.each<Mode>(['run', 'runStream'])('resumes in a new parent instance while a person is asked on behalf of the child (%s)', async (mode) => {
    const storage = new InMemoryCheckpointStorage()
    const first = await runParent(interceptingParent(), mode, 'hi', { checkpointStorage: storage })
    expect(first.requests.map((request) => request.requestId)).toEqual(['parent-q-person'])
    const latest = (await storage.list()).at(-1)!
    expect(latest.executorStates.sub).toBeTruthy()

    const resumed = await runParent(interceptingParent(), mode, undefined, {
      checkpointId: latest.checkpointId,
      checkpointStorage: await storageInAnotherProcess(latest),
      responses: { 'parent-q-person': 'ok' },
    })
    expect(resumed.outputs).toEqual(['parent got person:hi=ok'])
    expect(resumed.finalState).toBe('IDLE')
  })

  it('resumes in a new parent instance while the request messages are still on their way to the parent executor', async () => {
    const storage = new InMemoryCheckpointStorage()
    await interceptingParent().run('hi', { checkpointStorage: storage })
    const inFlight = (await storage.list()).find((checkpoint) =>
      checkpoint.messages.some((message) => (message.data as { $type?: string }).$type === 'SubWorkflowRequestMessage'),
    )!
    expect(inFlight.messages).toHaveLength(2)

    const workflow = interceptingParent()
    const resumed = await workflow.run(undefined, { checkpointId: inFlight.checkpointId, checkpointStorage: await storageInAnotherProcess(inFlight) })
    expect(resumed.getOutputs()).toEqual(['parent got cached=from cache'])
    expect(resumed.getRequestInfoEvents().map((request) => request.requestId)).toEqual(['parent-q-person'])
    const answered = await workflow.run(undefined, { responses: { 'parent-q-person': 'later' } })
    expect(answered.getOutputs()).toEqual(['parent got person:hi=later'])
  })
})
