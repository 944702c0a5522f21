import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { WorkflowBuilder, defaultCase, executor, switchCase, type WorkflowEvent } from './index'

const sink = (id: string) => executor(id, async (value: unknown, ctx) => ctx.yieldOutput({ [id]: value }))

describe('single edges', () => {
  it('follows an edge only when its condition holds (sync or async)', async () => {
    const start = executor('start', async (n: number, ctx) => ctx.sendMessage(n))
    const big = sink('big')
    const small = sink('small')
    const workflow = new WorkflowBuilder({ startExecutor: start })
      .addEdge(start, big, { condition: (n: number) => n > 10 })
      .addEdge(start, small, { condition: async (n: number) => n <= 10 })
      .build()
    expect((await workflow.run(42)).getOutputs()).toEqual([{ big: 42 }])
    expect((await workflow.run(3)).getOutputs()).toEqual([{ small: 3 }])
  })

  it('delivers a targeted message only to the named executor', async () => {
    const start = executor('start', async (_: string, ctx) => ctx.sendMessage('for b', 'b'))
    const workflow = new WorkflowBuilder({ startExecutor: start }).addEdge(start, sink('a')).addEdge(start, sink('b')).build()
    expect((await workflow.run('x')).getOutputs()).toEqual([{ b: 'for b' }])
  })

  it('warns when no target accepts a message', async () => {
    const start = executor('start', async (_: string, ctx) => ctx.sendMessage(123))
    const onlyText = executor('onlyText', async (text: string, ctx) => ctx.yieldOutput(text), { accepts: z.string() })
    const run = await new WorkflowBuilder({ startExecutor: start }).addEdge(start, onlyText).build().run('x')
    expect(run.getOutputs()).toEqual([])
    expect(run.events.find((e) => e.type === 'warning')).toEqual({
      type: 'warning',
      executorId: 'start',
      message: "Message of type number from 'start' could not be delivered: no target executor accepts it.",
    })
  })

  it('keeps the send order of one source', async () => {
    const start = executor('start', async (_: string, ctx) => {
      for (let i = 0; i < 5; i++) ctx.sendMessage(i)
    })
    const collector = executor('collector', async (n: number, ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 5 - n))
      ctx.yieldOutput(n)
    })
    const run = await new WorkflowBuilder({ startExecutor: start }).addEdge(start, collector).build().run('go')
    expect(run.getOutputs()).toEqual([0, 1, 2, 3, 4])
  })
})

describe('fan-out and fan-in', () => {
  it('broadcasts to every target and gathers their messages as one list', async () => {
    const start = executor('start', async (text: string, ctx) => ctx.sendMessage(text))
    const a = executor('a', async (text: string, ctx) => ctx.sendMessage(`a:${text}`))
    const b = executor('b', async (text: string, ctx) => ctx.sendMessage(`b:${text}`))
    const join = executor('join', async (items: string[], ctx) => ctx.yieldOutput(items))
    const workflow = new WorkflowBuilder({ startExecutor: start }).addFanOutEdges(start, [a, b]).addFanInEdges([a, b], join).build()
    expect((await workflow.run('x')).getOutputs()).toEqual([['a:x', 'b:x']])
  })

  it('buffers fan-in messages across supersteps until every source has sent', async () => {
    const start = executor('start', async (text: string, ctx) => ctx.sendMessage(text))
    const fast = executor('fast', async (text: string, ctx) => ctx.sendMessage(`fast:${text}`))
    const slow1 = executor('slow1', async (text: string, ctx) => ctx.sendMessage(text))
    const slow2 = executor('slow2', async (text: string, ctx) => ctx.sendMessage(`slow:${text}`))
    const join = executor('join', async (items: string[], ctx) => ctx.yieldOutput(items))
    const workflow = new WorkflowBuilder({ startExecutor: start })
      .addFanOutEdges(start, [fast, slow1])
      .addEdge(slow1, slow2)
      .addFanInEdges([fast, slow2], join)
      .build()
    const run = await workflow.run('x')
    expect(run.getOutputs()).toEqual([['fast:x', 'slow:x']])
    const joinStep = run.events.filter((e) => e.type === 'superstep_started' || (e.type === 'executor_invoked' && e.executorId === 'join'))
    expect(joinStep.map((e) => (e.type === 'superstep_started' ? e.iteration : 'join'))).toEqual([1, 2, 3, 'join'])
  })

  it('sends to the targets a multi-selection function picks, and rejects unknown picks', async () => {
    const start = executor('start', async (n: number, ctx) => ctx.sendMessage(n))
    const [a, b, c] = [sink('a'), sink('b'), sink('c')]
    const pick = (n: number, ids: string[]) => (n === 0 ? [] : n === 1 ? [ids[0]] : n === 2 ? ids : ['nope'])
    const workflow = new WorkflowBuilder({ startExecutor: start }).addMultiSelectionEdgeGroup(start, [a, b, c], pick).build()
    expect((await workflow.run(0)).getOutputs()).toEqual([])
    expect((await workflow.run(1)).getOutputs()).toEqual([{ a: 1 }])
    expect((await workflow.run(2)).getOutputs()).toEqual([{ a: 2 }, { b: 2 }, { c: 2 }])
    await expect(workflow.run(3)).rejects.toThrow(
      "Invalid selection result: ['nope']. Expected selections to be a subset of valid target executor IDs: ['a', 'b', 'c'].",
    )
  })
})

describe('switch-case', () => {
  function build() {
    const start = executor('start', async (n: number, ctx) => ctx.sendMessage(n))
    return new WorkflowBuilder({ startExecutor: start })
      .addSwitchCaseEdgeGroup(start, [
        switchCase((n: number) => n < 0, sink('negative')),
        switchCase(function broken(n: number) {
          if (n === 13) throw new Error('unlucky')
          return n > 100
        }, sink('large')),
        switchCase(async (n: number) => n % 2 === 0, sink('even')),
        defaultCase(sink('other')),
      ])
      .build()
  }

  it('takes the first case that matches, else the default', async () => {
    const workflow = build()
    expect((await workflow.run(-5)).getOutputs()).toEqual([{ negative: -5 }])
    expect((await workflow.run(500)).getOutputs()).toEqual([{ large: 500 }])
    expect((await workflow.run(8)).getOutputs()).toEqual([{ even: 8 }])
    expect((await workflow.run(7)).getOutputs()).toEqual([{ other: 7 }])
  })

  it('reports a condition that throws and moves on to the next case', async () => {
    const run = await build().run(13)
    expect(run.getOutputs()).toEqual([{ other: 13 }])
    expect(run.events.filter((e): e is Extract<WorkflowEvent, { type: 'warning' }> => e.type === 'warning').map((e) => e.message)).toEqual([
      'Error evaluating condition for case large: unlucky',
    ])
  })

  it('names the conditions in toJSON', () => {
    const json = build().toJSON()
    expect(json.edgeGroups[0]).toMatchObject({
      type: 'SwitchCaseEdgeGroup',
      cases: [
        { type: 'Case', targetId: 'negative', conditionName: '<lambda>' },
        { type: 'Case', targetId: 'large', conditionName: 'broken' },
        { type: 'Case', targetId: 'even', conditionName: '<lambda>' },
        { type: 'Default', targetId: 'other' },
      ],
    })
  })
})
