import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Message, functionApprovalRequest, functionCallContent, textContent, toFunctionApprovalResponse } from '../types'
import { REJECTED_BY_USER_RESULT, approvalRequestsFor, batchNeedsApproval, resolveApprovalResponses } from './approvals'
import { normalizeFunctionInvocationConfiguration } from './function-invocation-config'
import type { FunctionCallExecution } from './invoke-function-calls'
import { tool } from './tool'
import { RunToolSet } from './tool-set'

const calls: string[] = []
const deleteFile = tool({
  name: 'delete_file',
  parameters: z.object({ path: z.string() }),
  approvalMode: 'always_require',
  execute: ({ path }) => {
    calls.push(path)
    return `deleted ${path}`
  },
})
const read = tool({ name: 'read', execute: () => 'content' })

const execution = (): FunctionCallExecution => ({
  toolSet: new RunToolSet([deleteFile, read]),
  middleware: [],
  kwargs: {},
  config: normalizeFunctionInvocationConfiguration(),
})

const answer = (callId: string, approved: boolean, path = callId) =>
  toFunctionApprovalResponse(functionApprovalRequest(functionCallContent(callId, 'delete_file', { path })), approved)

describe('batchNeedsApproval', () => {
  it('is true when any call targets an always_require tool', () => {
    const set = new RunToolSet([deleteFile, read])
    expect(batchNeedsApproval([functionCallContent('1', 'read')], set)).toBe(false)
    expect(batchNeedsApproval([functionCallContent('1', 'read'), functionCallContent('2', 'delete_file')], set)).toBe(true)
    expect(batchNeedsApproval([functionCallContent('1', 'unknown')], set)).toBe(false)
  })

  it('makes one request per call, keyed by call id', () => {
    const requests = approvalRequestsFor([functionCallContent('a', 'read'), functionCallContent('b', 'delete_file')])
    expect(requests.map((r) => [r.type, r.id, r.functionCall.name])).toEqual([
      ['function_approval_request', 'a', 'read'],
      ['function_approval_request', 'b', 'delete_file'],
    ])
  })
})

describe('resolveApprovalResponses', () => {
  it('returns undefined when the input holds no answers', async () => {
    expect(await resolveApprovalResponses([new Message({ role: 'user', text: 'hi' })], execution())).toBeUndefined()
  })

  it('runs approved calls, rejects the others, and turns the answer message into a tool message in place', async () => {
    calls.length = 0
    const message = new Message({ role: 'user', contents: [answer('c1', true, 'a.txt'), answer('c2', false, 'b.txt')] })
    const resolved = await resolveApprovalResponses([message], execution())
    expect(calls).toEqual(['a.txt'])
    expect(resolved?.messages).toEqual([message])
    expect(message.role).toBe('tool')
    expect(message.contents).toEqual([
      { type: 'function_result', callId: 'c1', result: 'deleted a.txt' },
      { type: 'function_result', callId: 'c2', result: REJECTED_BY_USER_RESULT },
    ])
    expect(resolved?.executed).toBe(1)
    expect(resolved?.hadErrors).toBe(false)
  })

  it('moves other contents of the answer message into a user message after the results', async () => {
    const message = new Message({ role: 'user', contents: [answer('c1', false), textContent('and summarise please')], authorName: 'ann' })
    const before = new Message({ role: 'user', text: 'earlier' })
    const resolved = await resolveApprovalResponses([before, message], execution())
    expect(resolved?.messages.map((m) => [m.role, m.contents[0].type])).toEqual([
      ['user', 'text'],
      ['tool', 'function_result'],
      ['user', 'text'],
    ])
    expect(resolved?.messages[2].text).toBe('and summarise please')
    expect(resolved?.messages[2].authorName).toBe('ann')
  })

  it('answers each call once even when the answer is repeated', async () => {
    calls.length = 0
    const resolved = await resolveApprovalResponses(
      [new Message({ role: 'user', contents: [answer('c1', true)] }), new Message({ role: 'user', contents: [answer('c1', true)] })],
      execution(),
    )
    expect(calls).toEqual(['c1'])
    expect(resolved?.results).toHaveLength(1)
    expect(resolved?.messages).toHaveLength(1)
  })

  it('reports failures of approved calls', async () => {
    const resolved = await resolveApprovalResponses(
      [new Message({ role: 'user', contents: [toFunctionApprovalResponse(functionApprovalRequest(functionCallContent('x', 'delete_file', '{bad')), true)] })],
      execution(),
    )
    expect(resolved?.hadErrors).toBe(true)
    expect(String(resolved?.results[0].result)).toMatch(/^Error: Argument parsing failed/)
  })
})

describe('resolveApprovalResponses with stale answers', () => {
  it('never re-runs a call whose result is already in the input, and drops the stale answer', async () => {
    calls.length = 0
    const staleAnswer = new Message({ role: 'user', contents: [answer('old', true)] })
    const existingResult = new Message({ role: 'tool', contents: [{ type: 'function_result', callId: 'old', result: 'deleted old' }] })
    const fresh = new Message({ role: 'user', contents: [answer('new', true)] })
    const resolved = await resolveApprovalResponses([staleAnswer, existingResult, fresh], execution())
    expect(calls).toEqual(['new'])
    expect(resolved?.results.map((r) => r.callId)).toEqual(['new'])
    expect(resolved?.messages).toEqual([existingResult, fresh])
  })

  it('returns undefined when every answer is stale', async () => {
    const stale = new Message({ role: 'user', contents: [answer('done', false)] })
    const result = new Message({ role: 'tool', contents: [{ type: 'function_result', callId: 'done', result: 'x' }] })
    // Nothing to answer: the input is left as it is.
    expect(await resolveApprovalResponses([stale, result], execution())).toBeUndefined()
  })
})
