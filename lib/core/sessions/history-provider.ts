/**
 * HistoryProvider: a context provider that loads a session's earlier messages before a run and stores
 * the new ones after it. Subclasses implement only storage (`getMessages` / `saveMessages`); the flags
 * decide what is loaded and stored. Stored order per run: other providers' context messages (only with
 * storeContextMessages), then the inputs, then the response's messages.
 */
import type { Message } from '../types'
import { ContextProvider, type ContextProviderRunArgs } from './context-provider'
import { applyHistoryWindow, checkHistoryWindow, type HistoryWindow } from './history-window'

export interface HistoryProviderOptions {
  sourceId?: string
  /** Add the stored messages to the conversation before the run (default true). */
  loadMessages?: boolean
  /** Store the run's input messages (default true). */
  storeInputs?: boolean
  /** Store messages other context providers added (default false). */
  storeContextMessages?: boolean
  /** With storeContextMessages: only from these sources (default: every other source). */
  storeContextFrom?: string[]
  /** Store the response's messages (default true). */
  storeOutputs?: boolean
  /** Send only the most recent stored messages to the model (all are kept); default: all. */
  window?: HistoryWindow
}

export interface HistoryAccess {
  /** The provider's slice of the session state. */
  state: Record<string, unknown>
  signal?: AbortSignal
}

export abstract class HistoryProvider extends ContextProvider {
  readonly loadMessages: boolean
  readonly storeInputs: boolean
  readonly storeContextMessages: boolean
  readonly storeContextFrom: string[] | undefined
  readonly storeOutputs: boolean
  readonly window: HistoryWindow | undefined

  constructor(defaultSourceId: string, options: HistoryProviderOptions = {}) {
    super(options.sourceId ?? defaultSourceId)
    this.loadMessages = options.loadMessages ?? true
    this.storeInputs = options.storeInputs ?? true
    this.storeContextMessages = options.storeContextMessages ?? false
    this.storeContextFrom = options.storeContextFrom
    this.storeOutputs = options.storeOutputs ?? true
    this.window = checkHistoryWindow(options.window)
  }

  /** The session's stored messages, oldest first. A missing session id means the default session. */
  abstract getMessages(sessionId: string | undefined, access: HistoryAccess): Promise<Message[]>

  /** Appends messages to the session's history. */
  abstract saveMessages(sessionId: string | undefined, messages: readonly Message[], access: HistoryAccess): Promise<void>

  /** Stored messages are not loaded when the service keeps the conversation (it has them); new ones are still stored. */
  override async beforeRun({ session, context, state, signal }: ContextProviderRunArgs): Promise<void> {
    if (!this.loadMessages || context.serviceSessionId) return
    const stored = await this.getMessages(session.sessionId, { state, signal })
    context.extendMessages(this.sourceId, applyHistoryWindow(stored, this.window))
  }

  override async afterRun({ session, context, state, signal }: ContextProviderRunArgs): Promise<void> {
    const toStore: Message[] = []
    if (this.storeContextMessages) {
      toStore.push(...context.getMessages({ sources: this.storeContextFrom, excludeSources: [this.sourceId] }))
    }
    if (this.storeInputs) toStore.push(...context.inputMessages)
    if (this.storeOutputs && context.response) toStore.push(...context.response.messages)
    if (toStore.length > 0) await this.saveMessages(session.sessionId, toStore, { state, signal })
  }
}

export function isHistoryProvider(value: unknown): value is HistoryProvider {
  return value instanceof HistoryProvider
}
