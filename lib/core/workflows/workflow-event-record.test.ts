import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { WorkflowEvent } from './events'
import { WorkflowEventRecord } from './workflow-event-record'
import { WorkflowBuilder } from './builder'
import { executor } from './executor'

const executorId = fc.constantFrom('a', 'b', 'writer')
const data = fc.oneof(fc.integer(), fc.string(), fc.constant(undefined), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }))

const event: fc.Arbitrary<WorkflowEvent> = fc.oneof(
  fc.record({ type: fc.constant('superstep_started' as const), iteration: fc.nat() }),
  fc.record({ type: fc.constant('superstep_completed' as const), iteration: fc.nat() }),
  fc.record({ type: fc.constant('executor_invoked' as const), executorId, data }),
  fc.record({ type: fc.constant('executor_invoked' as const), executorId }),
  fc.record({ type: fc.constant('executor_completed' as const), executorId }),
  fc.record({ type: fc.constant('executor_completed' as const), executorId, data: fc.array(data, { maxLength: 4 }) }),
  fc.record({ type: fc.constant('output' as const), executorId, data }),
  fc.record({ type: fc.constant('request_info' as const), requestId: fc.uuid(), executorId, data }),
  fc.record({ type: fc.constant('warning' as const), message: fc.string() }),
)

describe('WorkflowEventRecord', () => {
  it('gives back exactly the events it recorded, in order, across growth of its columns', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 600 }), (events) => {
        const log = new WorkflowEventRecord()
        for (const e of events) log.record(e)
        expect(log.length).toBe(events.length)
        expect(log.toArray()).toEqual(events)
        expect([...log.keptEvents()]).toEqual(events.filter((e) => !e.type.startsWith('superstep_') && !e.type.startsWith('executor_')))
      }),
      { numRuns: 300 },
    )
  })

  it('keeps the identity of messages and of non-lifecycle events', () => {
    const message = { text: 'hi' }
    const output: WorkflowEvent = { type: 'output', executorId: 'a', data: message }
    const log = new WorkflowEventRecord()
    log.record({ type: 'executor_invoked', executorId: 'a', data: message })
    log.record({ type: 'executor_completed', executorId: 'a', data: [message] })
    log.record(output)
    const [invoked, completed, kept] = log.toArray()
    expect(invoked.type === 'executor_invoked' && invoked.data).toBe(message)
    expect(completed.type === 'executor_completed' && completed.data?.[0]).toBe(message)
    expect(kept).toBe(output)
    expect(log.toArray()).toBe(log.toArray())
  })

  it('is what run() returns: a long chain gives every lifecycle event and its output', async () => {
    const size = 300
    const nodes = Array.from({ length: size }, (_, i) =>
      executor(`n${i}`, async (value: number, ctx) => (i === size - 1 ? ctx.yieldOutput(value) : ctx.sendMessage(value + 1))),
    )
    const workflow = new WorkflowBuilder({ startExecutor: nodes[0], maxIterations: size }).addChain(nodes).build()
    const result = await workflow.run(0)
    expect(result.getOutputs()).toEqual([size - 1])
    expect(result.length).toBe(result.events.length)
    const invoked = result.events.filter((e) => e.type === 'executor_invoked')
    expect(invoked.map((e) => e.executorId)).toEqual(nodes.map((n) => n.id))
    expect(result.events.find((e) => e.type === 'executor_completed' && e.executorId === 'n7')).toEqual({
      type: 'executor_completed',
      executorId: 'n7',
      data: [8],
    })
    expect([...result].filter((e) => e.type === 'superstep_completed')).toHaveLength(size - 1)
  })
})
