import { describe, expect, it } from 'vitest'
import { InMemoryCheckpointStorage, WorkflowBuilder, executor } from './index'
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

  it("surfaces the child's requests and routes the answers back", async () => {
    const sub = new WorkflowExecutor(askingChild(), { id: 'sub', allowDirectOutput: true })
    const workflow = new WorkflowBuilder({ startExecutor: sub }).build()
    const first = await workflow.run('deploy')
    expect(first.getFinalState()).toBe('IDLE_WITH_PENDING_REQUESTS')
    expect(first.getRequestInfoEvents()).toEqual([{ type: 'request_info', requestId: 'child-question', executorId: 'sub', data: { confirm: 'deploy' } }])
    const second = await workflow.run(undefined, { responses: { 'child-question': 'yes' } })
    expect(second.getOutputs()).toEqual(['deploy:yes'])
  })

  it('resumes a waiting child from a checkpoint in a new parent instance', async () => {
    const storage = new InMemoryCheckpointStorage()
    const make = () => new WorkflowBuilder({ startExecutor: new WorkflowExecutor(askingChild(), { id: 'sub', allowDirectOutput: true }), name: 'parent' }).build()
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
