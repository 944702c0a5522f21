import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../agents'
import { DemoChatClient } from '../clients/demo/demo-chat-client'
import { AgentSession } from '../sessions/agent-session'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing'
import { tool } from '../tools/tool'
import {
  Message,
  textContent,
  toFunctionApprovalResponse,
  type AgentResponseUpdate,
  type FunctionApprovalRequestContent,
  type FunctionResultContent,
} from '../types'

function makeTools() {
  const deleted: string[] = []
  const deleteFile = tool({
    name: 'delete_file',
    parameters: z.object({ path: z.string() }),
    approvalMode: 'always_require',
    execute: ({ path }) => {
      deleted.push(path)
      return `deleted ${path}`
    },
  })
  return { deleted, deleteFile }
}

const answers = (requests: FunctionApprovalRequestContent[], approved: boolean) =>
  new Message({ role: 'user', contents: requests.map((request) => toFunctionApprovalResponse(request, approved)) })

describe('tool approval round trip', () => {
  it('pauses on an approval-required call and continues once approved (session history stays model-ready)', async () => {
    const { deleted, deleteFile } = makeTools()
    const agent = new Agent({ client: new DemoChatClient(), tools: [deleteFile] })
    const session = new AgentSession()

    const paused = await agent.run('/call delete_file {"path":"a.txt"}', { session })
    expect(deleted).toEqual([])
    expect(paused.userInputRequests).toHaveLength(1)
    const [request] = paused.userInputRequests
    expect(request).toMatchObject({ type: 'function_approval_request', functionCall: { name: 'delete_file', arguments: '{"path":"a.txt"}' } })
    expect(paused.messages).toHaveLength(1)
    expect(paused.messages[0].contents.map((c) => c.type)).toEqual(['function_call', 'function_approval_request'])

    const resumed = await agent.run(answers(paused.userInputRequests, true), { session })
    expect(deleted).toEqual(['a.txt'])
    expect(resumed.text).toBe('Result: deleted a.txt')
    expect(resumed.userInputRequests).toHaveLength(0)

    const history = session.toJSON().state.in_memory as { messages: Array<{ role: string; contents: Array<{ type: string }> }> }
    expect(history.messages.map((m) => [m.role, m.contents.map((c) => c.type).join('+')])).toEqual([
      ['user', 'text'],
      ['assistant', 'function_call+function_approval_request'],
      ['tool', 'function_result'],
      ['assistant', 'text'],
    ])
  })

  it('tells the model a rejected call was rejected, without running it', async () => {
    const { deleted, deleteFile } = makeTools()
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('delete_file', { path: 'x' }, 'c1')), modelResponse('Okay, I will not delete it.')])
    const agent = new Agent({ client, tools: [deleteFile] })
    const session = new AgentSession()
    const paused = await agent.run('delete x', { session })
    const resumed = await agent.run(answers(paused.userInputRequests, false), { session })
    expect(deleted).toEqual([])
    expect(resumed.text).toBe('Okay, I will not delete it.')
    const seenByModel = client.lastCall!.messages
    const lastResult = seenByModel.at(-1)!.contents[0] as FunctionResultContent
    expect(seenByModel.at(-1)!.role).toBe('tool')
    expect(lastResult).toEqual({ type: 'function_result', callId: 'c1', result: 'Error: Tool call invocation was rejected by user.' })
    expect(seenByModel.at(-2)!.contents[0]).toMatchObject({ type: 'function_call', callId: 'c1' })
  })

  it('holds the whole batch when one of its calls needs approval, then runs the approved ones', async () => {
    const { deleted, deleteFile } = makeTools()
    let listed = 0
    const countingList = tool({ name: 'list', execute: () => `listed ${++listed}` })
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('list', {}, 'l1'), functionCall('delete_file', { path: 'b' }, 'd1')),
      modelResponse('done'),
    ])
    const agent = new Agent({ client, tools: [deleteFile, countingList] })
    const session = new AgentSession()
    const paused = await agent.run('clean up', { session })
    expect(paused.userInputRequests.map((r) => r.id)).toEqual(['l1', 'd1'])
    expect(listed).toBe(0)
    const [listRequest, deleteRequest] = paused.userInputRequests
    const resumed = await agent.run(
      new Message({ role: 'user', contents: [toFunctionApprovalResponse(listRequest, true), toFunctionApprovalResponse(deleteRequest, false)] }),
      { session },
    )
    expect(listed).toBe(1)
    expect(deleted).toEqual([])
    expect(resumed.text).toBe('done')
    const toolMessage = client.lastCall!.messages.at(-1)!
    expect(toolMessage.contents.map((c) => (c as FunctionResultContent).result)).toEqual(['listed 1', 'Error: Tool call invocation was rejected by user.'])
  })

  it('works without a session: the caller keeps the conversation and the answer becomes the results in place', async () => {
    const { deleted, deleteFile } = makeTools()
    const agent = new Agent({ client: new DemoChatClient(), tools: [deleteFile] })
    const conversation: Message[] = [new Message({ role: 'user', text: '/call delete_file {"path":"c"}' })]
    const paused = await agent.run(conversation)
    conversation.push(...paused.messages)
    const answer = answers(paused.userInputRequests, true)
    conversation.push(answer)
    const resumed = await agent.run(conversation)
    expect(deleted).toEqual(['c'])
    expect(resumed.text).toBe('Result: deleted c')
    expect(answer.role).toBe('tool')
    expect(answer.contents[0]).toMatchObject({ type: 'function_result', result: 'deleted c' })
  })

  it('keeps extra user text sent along with the answers, after the results', async () => {
    const { deleteFile } = makeTools()
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('delete_file', { path: 'y' }, 'c')), modelResponse('ok')])
    const agent = new Agent({ client, tools: [deleteFile] })
    const session = new AgentSession()
    const paused = await agent.run('delete y', { session })
    const message = new Message({
      role: 'user',
      contents: [toFunctionApprovalResponse(paused.userInputRequests[0], true), textContent('then say ok')],
    })
    await agent.run(message, { session })
    expect(client.lastCall!.messages.slice(-2).map((m) => [m.role, m.contents[0].type])).toEqual([
      ['tool', 'function_result'],
      ['user', 'text'],
    ])
  })

  it('streams approval requests and results', async () => {
    const { deleteFile } = makeTools()
    const agent = new Agent({ client: new DemoChatClient(), tools: [deleteFile] })
    const session = new AgentSession()
    const stream = agent.runStream('/call delete_file {"path":"s"}', { session })
    const updates: AgentResponseUpdate[] = []
    for await (const update of stream) updates.push(update)
    const requests = updates.flatMap((u) => u.userInputRequests)
    expect(requests).toHaveLength(1)
    const final = await stream.getFinalResponse()
    expect(final.userInputRequests.map((r) => r.id)).toEqual(requests.map((r) => r.id))
    expect(final.messages).toHaveLength(1)

    const resumed = agent.runStream(answers(final.userInputRequests, true), { session })
    const resumedUpdates: AgentResponseUpdate[] = []
    for await (const update of resumed) resumedUpdates.push(update)
    expect(resumedUpdates[0].role).toBe('tool')
    expect((await resumed.getFinalResponse()).text).toBe('Result: deleted s')
  })
})
