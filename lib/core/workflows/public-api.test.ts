import { describe, expect, it } from 'vitest'
import { Agent, DemoChatClient, SequentialBuilder, Workflow, WorkflowBuilder, executor, type Message, type WorkflowEvent } from '@/lib/core'

describe('the public sketch in DESIGN.md', () => {
  it('works exactly as written', async () => {
    const upper = executor('upper', async (text: string, ctx) => ctx.sendMessage(text.toUpperCase()))
    const emit = executor('emit', async (text: string, ctx) => ctx.yieldOutput(text + '!'))
    const workflow = new WorkflowBuilder({ startExecutor: upper }).addEdge(upper, emit).build()
    const run = await workflow.run('hi')
    expect(run.getOutputs()).toEqual(['HI!'])
    const types: string[] = []
    for await (const event of workflow.runStream('hi')) types.push((event as WorkflowEvent).type)
    expect(types[0]).toBe('started')
    expect(types).toContain('output')

    const agent = new Agent({ name: 'writer', client: new DemoChatClient() })
    const otherAgent = new Agent({ name: 'editor', client: new DemoChatClient() })
    const team = new SequentialBuilder({ participants: [agent, otherAgent] }).build()
    expect(team).toBeInstanceOf(Workflow)
    const result = await team.run('hello')
    expect(result.getOutputs<Message[]>()[0].map((m) => m.text)).toEqual(['hello', 'Demo reply: hello', 'Demo reply: hello'])
  })
})
