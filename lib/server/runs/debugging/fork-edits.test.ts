import { describe, expect, it } from 'vitest'
import type { WorkflowCheckpoint } from '@/lib/core'
import { applyForkEdits, type StoredConversationMessage } from './fork-edits'

const message = (role: string, text: string) => ({ type: 'message', role, contents: [{ type: 'text', text }] })

function copy(): { checkpoint: WorkflowCheckpoint; conversations: Map<string, StoredConversationMessage[]> } {
  return {
    checkpoint: {
      checkpointId: 'c',
      workflowName: 'w',
      graphSignatureHash: 'h',
      timestamp: '2026-01-01T00:00:00.000Z',
      iterationCount: 2,
      messages: [{ sourceId: 'writer', data: 'draft' }],
      state: {},
      pendingRequestInfoEvents: { r1: { requestId: 'r1', executorId: 'ask', data: { type: 'human_input', prompt: 'Colour?' } } },
      executorStates: {
        writer: { length: 2, pendingApprovals: {}, approvalResponses: [] },
        inner: { conversation: [{ $type: 'Message', value: message('user', 'hi') }], pendingApprovals: {}, approvalResponses: [] },
      },
      edgeGroupStates: {},
      metadata: {},
      version: '1.0',
    },
    conversations: new Map([['writer', [{ role: 'user', message: JSON.stringify(message('user', 'hello')) }]]]),
  }
}

describe('applyForkEdits', () => {
  it('replaces what each edit addresses and keeps what it replaced', () => {
    const target = copy()
    const diffs = applyForkEdits(target, [
      { op: 'replace_message', index: 0, data: 'edited' },
      { op: 'replace_request', requestId: 'r1', data: { type: 'human_input', prompt: 'Again?' } },
      { op: 'replace_conversation_message', nodeId: 'writer', index: 0, text: 'hello there' },
      { op: 'replace_conversation_message', nodeId: 'inner', index: 0, text: 'hi there' },
      { op: 'replace_executor_state', nodeId: 'writer', state: { length: 1 } },
    ])
    expect(diffs.map(({ before, after }) => [before, after])).toEqual([
      ['draft', 'edited'],
      [
        { type: 'human_input', prompt: 'Colour?' },
        { type: 'human_input', prompt: 'Again?' },
      ],
      ['hello', 'hello there'],
      ['hi', 'hi there'],
      [{ length: 2, pendingApprovals: {}, approvalResponses: [] }, { length: 1 }],
    ])
    expect(target.checkpoint.messages[0].data).toBe('edited')
    expect(JSON.parse(target.conversations.get('writer')![0].message)).toEqual(message('user', 'hello there'))
    expect(target.checkpoint.executorStates.inner).toMatchObject({ conversation: [{ $type: 'Message', value: message('user', 'hi there') }] })
  })

  it('keeps the contents that are not text around the replaced text', () => {
    const target = copy()
    const call = { type: 'function_call', callId: 'c1', name: 'add', arguments: '{}' }
    target.conversations.set('writer', [
      {
        role: 'assistant',
        message: JSON.stringify({ ...message('assistant', 'a'), contents: [call, { type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }),
      },
    ])
    applyForkEdits(target, [{ op: 'replace_conversation_message', nodeId: 'writer', index: 0, text: 'c' }])
    expect(JSON.parse(target.conversations.get('writer')![0].message).contents).toEqual([call, { type: 'text', text: 'c' }])
  })

  it.each([
    [{ op: 'replace_message', index: 1, data: 'x' }, /1 message\(s\) in flight; there is no index 1/],
    [{ op: 'replace_request', requestId: 'r2', data: 'x' }, /no pending request 'r2'/],
    [{ op: 'replace_executor_state', nodeId: 'nobody', state: {} }, /no state of node 'nobody'/],
    [{ op: 'replace_conversation_message', nodeId: 'writer', index: 1, text: 'x' }, /had 1 message\(s\)/],
    [{ op: 'replace_conversation_message', nodeId: 'ask', index: 0, text: 'x' }, /not an agent with a conversation/],
  ] as const)('refuses an edit of what is not there: %o', (edit, message) => {
    expect(() => applyForkEdits(copy(), [edit])).toThrow(expect.objectContaining({ code: 'invalid_fork_edit', message: expect.stringMatching(message) }))
  })
})
