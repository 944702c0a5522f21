/**
 * The edits a fork makes to its copy of a checkpoint (lib/contracts/run-forks.ts names them), applied to plain
 * JSON: the checkpoint as stored (its values in lib/core's checkpoint encoding) and the agent nodes' conversations
 * as stored (ChatMessage rows' message JSON). Each edit addresses one thing that must exist — an index out of range
 * or an unknown node is the caller's mistake (400), never a silent no-op — and is kept with what it replaced.
 */
import type { WorkflowCheckpoint } from '@/lib/core'
import type { ForkEdit, ForkEditDiff } from '@/lib/contracts/run-forks'
import { invalidInput } from '../../domain-errors'

/** A stored conversation message: its role and its message JSON (as ChatMessage keeps it). */
export interface StoredConversationMessage {
  role: string
  message: string
}

export interface ForkCopy {
  checkpoint: WorkflowCheckpoint
  /** The stored conversations of the agent nodes, cut at the checkpoint, by node id (see conversation-agent-executor.ts). */
  conversations: Map<string, StoredConversationMessage[]>
}

/** Applies `edits` in order to `copy` (changed in place) and returns each with its before and after. */
export function applyForkEdits(copy: ForkCopy, edits: readonly ForkEdit[]): ForkEditDiff[] {
  return edits.map((edit, position) => {
    try {
      return applyOne(copy, edit)
    } catch (error) {
      if (error instanceof EditProblem) throw invalidInput('invalid_fork_edit', `Edit ${position + 1} (${edit.op}): ${error.message}`, { edit: position })
      throw error
    }
  })
}

class EditProblem extends Error {}

function applyOne({ checkpoint, conversations }: ForkCopy, edit: ForkEdit): ForkEditDiff {
  switch (edit.op) {
    case 'replace_message': {
      const message = checkpoint.messages[edit.index]
      if (!message) throw new EditProblem(`the checkpoint has ${checkpoint.messages.length} message(s) in flight; there is no index ${edit.index}.`)
      const before = message.data
      message.data = edit.data as WorkflowCheckpoint['messages'][number]['data']
      return { edit, before, after: message.data }
    }
    case 'replace_request': {
      const request = checkpoint.pendingRequestInfoEvents[edit.requestId]
      if (!request) throw new EditProblem(`the checkpoint has no pending request '${edit.requestId}'.`)
      const before = request.data
      request.data = edit.data as typeof request.data
      return { edit, before, after: request.data }
    }
    case 'replace_executor_state': {
      if (!Object.hasOwn(checkpoint.executorStates, edit.nodeId)) throw new EditProblem(`the checkpoint holds no state of node '${edit.nodeId}'.`)
      const before = checkpoint.executorStates[edit.nodeId]
      checkpoint.executorStates[edit.nodeId] = edit.state as (typeof checkpoint.executorStates)[string]
      return { edit, before, after: edit.state }
    }
    case 'replace_conversation_message':
      return replaceConversationMessage(checkpoint, conversations, edit)
  }
}

/**
 * An agent node keeps its conversation either stored (the app's agent nodes, a Conversation row: the checkpoint holds its
 * length) or in its own state (lib/core's AgentExecutor, e.g. inside an orchestration: `conversation` in its state).
 */
function replaceConversationMessage(
  checkpoint: WorkflowCheckpoint,
  conversations: Map<string, StoredConversationMessage[]>,
  edit: Extract<ForkEdit, { op: 'replace_conversation_message' }>,
): ForkEditDiff {
  const stored = conversations.get(edit.nodeId)
  if (stored) {
    const message = stored[edit.index]
    if (!message) throw new EditProblem(`node '${edit.nodeId}' had ${stored.length} message(s) at the checkpoint; there is no index ${edit.index}.`)
    const json = JSON.parse(message.message) as MessageJson
    const before = messageText(json)
    message.message = JSON.stringify(withText(json, edit.text))
    return { edit, before, after: edit.text }
  }
  const conversation = stateConversation(checkpoint.executorStates[edit.nodeId])
  if (!conversation) throw new EditProblem(`node '${edit.nodeId}' is not an agent with a conversation at this checkpoint.`)
  const entry = conversation[edit.index]
  if (!entry) throw new EditProblem(`node '${edit.nodeId}' had ${conversation.length} message(s) at the checkpoint; there is no index ${edit.index}.`)
  const before = messageText(entry.value)
  entry.value = withText(entry.value, edit.text)
  return { edit, before, after: edit.text }
}

/** A message in its JSON form (lib/core MessageJSON), read loosely: only its text contents are touched. */
interface MessageJson {
  role?: unknown
  contents?: Array<{ type?: unknown; text?: unknown }>
  [key: string]: unknown
}

/** An AgentExecutor's conversation in its checkpoint encoding: `{ $type: 'Message', value }` entries. */
export function stateConversation(state: unknown): Array<{ $type: 'Message'; value: MessageJson }> | undefined {
  const conversation = (state as { conversation?: unknown } | null | undefined)?.conversation
  if (!Array.isArray(conversation)) return undefined
  const isEncodedMessage = (item: unknown) => typeof item === 'object' && item !== null && (item as { $type?: unknown }).$type === 'Message'
  return conversation.every(isEncodedMessage) ? (conversation as Array<{ $type: 'Message'; value: MessageJson }>) : undefined
}

export function messageText(json: MessageJson): string {
  return (json.contents ?? []).map((content) => (content.type === 'text' && typeof content.text === 'string' ? content.text : '')).join('')
}

/** The message with `text` as its only text: in the place of its first text content, its other contents kept. */
function withText(json: MessageJson, text: string): MessageJson {
  const contents = json.contents ?? []
  const first = contents.findIndex((content) => content.type === 'text')
  const others = contents.filter((content) => content.type !== 'text')
  const at = first === -1 ? 0 : contents.slice(0, first).filter((content) => content.type !== 'text').length
  return { ...json, contents: [...others.slice(0, at), { type: 'text', text }, ...others.slice(at)] }
}
