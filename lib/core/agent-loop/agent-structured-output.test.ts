import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../agents'
import { StructuredOutputError } from '../errors'
import { agentMiddleware } from '../middleware'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing'
import { tool } from '../tools/tool'
import { AgentResponseUpdate, textContent } from '../types'

const verdict = z.object({ approved: z.boolean(), reason: z.string() })

describe('an agent run with a responseFormat', () => {
  it('fills AgentResponse.value from the final reply and sends the format on every turn', async () => {
    const lookup = tool({ name: 'lookup', description: 'Look up', parameters: z.object({}), execute: () => 'fine' })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('lookup')), modelResponse('{"approved":true,"reason":"fine"}')])
    const response = await new Agent({ client, tools: [lookup], defaultOptions: { responseFormat: verdict } }).run('Check it')
    expect(response.value).toEqual({ approved: true, reason: 'fine' })
    expect(client.calls.map((call) => call.options.responseFormat)).toEqual([verdict, verdict])
    client.assertComplete()
  })

  it('leaves value unset while the run waits for an approval', async () => {
    const risky = tool({ name: 'risky', description: 'Risky', parameters: z.object({}), execute: () => 'done', approvalMode: 'always_require' })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('risky'))])
    const response = await new Agent({ client, tools: [risky], defaultOptions: { responseFormat: verdict } }).run('Go')
    expect(response.userInputRequests).toHaveLength(1)
    expect(response.value).toBeUndefined()
  })

  it("lets the run's options replace the agent's format", async () => {
    const client = new ScriptedChatClient([modelResponse('plain words')])
    const agent = new Agent({ client, defaultOptions: { responseFormat: verdict } })
    const response = await agent.run('Hi', { options: { responseFormat: { type: 'text' } } })
    expect(response.text).toBe('plain words')
    expect(response.value).toBeUndefined()
  })

  it('fails with a StructuredOutputError when the final reply does not match', async () => {
    const client = new ScriptedChatClient([modelResponse('{"approved":"yes"}')])
    const run = new Agent({ client, defaultOptions: { responseFormat: verdict } }).run('Hi')
    await expect(run).rejects.toThrow(StructuredOutputError)
    await expect(run).rejects.toThrow(/\$\.approved: .*\$\.reason: /)
  })

  it('parses what agent middleware made of a streamed run', async () => {
    const asJson = agentMiddleware(async (context, next) => {
      await next()
      const inner = context.result as AsyncIterable<AgentResponseUpdate>
      context.result = (async function* () {
        for await (const update of inner)
          yield new AgentResponseUpdate({ ...update, contents: update.contents.map((c) => (c.type === 'text' ? textContent(c.text.toLowerCase()) : c)) })
      })()
    })
    const client = new ScriptedChatClient([modelResponse('{"approved":false,"reason":"NO"}')])
    const stream = new Agent({ client, middleware: [asJson] }).runStream('Hi', { options: { responseFormat: verdict } })
    expect((await stream.getFinalResponse()).value).toEqual({ approved: false, reason: 'no' })
  })
})
