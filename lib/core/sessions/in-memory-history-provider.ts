/**
 * InMemoryHistoryProvider (source id `in_memory`): keeps the messages in the session's own state
 * (`state.messages`), so they travel with `session.toJSON()` and come back with `AgentSession.fromJSON`.
 */
import { Message, type MessageJSON } from '../types'
import { HistoryProvider, type HistoryAccess, type HistoryProviderOptions } from './history-provider'

/** Arrays already known to hold only Message instances (skips re-checking the whole history each run). */
const revivedLists = new WeakSet<unknown[]>()

export class InMemoryHistoryProvider extends HistoryProvider {
  static readonly DEFAULT_SOURCE_ID = 'in_memory'

  constructor(options: HistoryProviderOptions = {}) {
    super(InMemoryHistoryProvider.DEFAULT_SOURCE_ID, options)
  }

  async getMessages(_sessionId: string | undefined, { state }: HistoryAccess): Promise<Message[]> {
    return [...messageList(state)]
  }

  async saveMessages(_sessionId: string | undefined, messages: readonly Message[], { state }: HistoryAccess): Promise<void> {
    messageList(state).push(...messages)
  }
}

function messageList(state: Record<string, unknown>): Message[] {
  let list = state.messages
  if (!Array.isArray(list)) {
    list = []
    state.messages = list
  }
  const messages = list as Array<Message | MessageJSON>
  if (!revivedLists.has(messages)) {
    for (let i = 0; i < messages.length; i++) {
      const item = messages[i]
      if (!(item instanceof Message)) messages[i] = Message.fromJSON(item)
    }
    revivedLists.add(messages)
  }
  return messages as Message[]
}
