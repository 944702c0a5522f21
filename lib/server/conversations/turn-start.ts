/**
 * What a conversation turn starts from, read in one statement (agent-conversation.ts's loadTurnStart, or the statement
 * that inserts a turn this process claims: conversation-service.ts). Types only, so that the run's claim can carry it
 * without the run queue depending on the conversations.
 */

/** A stored message row: its position (0…n-1) and its message JSON. */
export interface StoredRow {
  position: number
  message: string
}

export interface TurnStart {
  /** The own API key of the turn's agent, opened; undefined when it has none or the run's owner may not use the agent. */
  apiKey: string | undefined
  serviceSessionId: string | null
  state: unknown
  /** The conversation's messages, by position. */
  rows: StoredRow[]
}
