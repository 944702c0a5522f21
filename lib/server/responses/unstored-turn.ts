/**
 * A Responses request with `store: false`, as OpenAI's API means it: a saved agent answers one turn
 * in this process and nothing is stored — no run, no conversation, no events, no messages. The
 * response has an id, but nothing can be found or continued by it later (a later request with
 * `previous_response_id` naming it is a 404, as OpenAI answers for an unstored response); a client
 * that wants a conversation sends the earlier messages in `input`, as stateless clients do.
 *
 * The turn runs the same compiled turn document as a stored turn (run-setup.ts: the agent's MCP
 * servers, skills and folders, with the caller's rights in the agent's workspace), and its events
 * are the run events a stored turn would store (workflow-events.ts), cut of the turn's secrets as
 * those are, so the response is assembled the same way (response-assembly.ts).
 *
 * What cannot be done without storing is refused in words: a turn that asks a person (a tool that
 * needs approval, human input) fails, since no one could answer an approval nobody can find.
 */
import { randomUUID } from 'node:crypto'
import { addUsage, AgentSession, InMemoryHistoryProvider, Message, type UsageDetails } from '@/lib/core'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { TokenUsage } from '@/lib/contracts/runs'
import type { AgentConversation } from '@/lib/graph'
import { openAgentApiKey } from '../agents/agent-api-key'
import type { AppContext } from '../app-context'
import { nameOwnerFrom } from '../auth/name-owner'
import { requireRole, runScope, type Principal } from '../auth/principal'
import { DomainError } from '../domain-errors'
import type { FollowEnd } from '../runs/events/run-follower'
import { prepareQueuedRun } from '../runs/execution/run-setup'
import { toRunEvents } from '../runs/events/workflow-events'
import { documentSecretScope } from '../secret-vault/secret-scopes'
import { TURN_AGENT_NODE_ID, withTurnSettings, type ReplyFormat } from '../conversations/turn-document'
import type { RunOutcome } from './response-assembly'
import type { EarlierMessage } from './response-input'
import type { ResolvedAgent } from './response-model'

export const ASKS_A_PERSON_MESSAGE =
  'The agent asked for an answer from a person (an approval or human input), which a response with store: false cannot wait for: ' +
  'nobody could find it to answer. Send the request with store: true (the default) to answer it in the app.'

/** The error code of a turn that failed because it asked a person. */
export const ASKS_A_PERSON_CODE = 'approval_not_supported'

/** A turn that has not started yet: its id, and its events once asked for (the turn starts then, and stops with `signal`). */
export interface UnstoredTurn {
  id: string
  events(signal: AbortSignal): AsyncGenerator<RunEvent, FollowEnd>
  outcome(): Promise<RunOutcome>
}

export interface UnstoredTurnInput {
  text: string
  instructions?: string
  replyFormat?: ReplyFormat
  history: readonly EarlierMessage[]
}

/** Loads what the turn needs and checks the caller may run the agent; throws the domain errors a stored turn would. */
export async function prepareUnstoredTurn(app: AppContext, principal: Principal, model: ResolvedAgent, input: UnstoredTurnInput): Promise<UnstoredTurn> {
  const agent = turnAgentOf(app, model)
  requireRole(principal, agent.workspaceId, 'runner')
  const document = withTurnSettings(await app.versionDocuments.ofAgentVersion(agent.versionId, agent.definition), input)
  const visible = runScope(agent.workspaceId, principal.role)
  const names = nameOwnerFrom(agent.workspaceId, agent.creatorRole)
  const id = randomUUID()
  let outcome: RunOutcome = { status: 'running', outputs: null, usage: null, error: null }

  async function* events(signal: AbortSignal): AsyncGenerator<RunEvent, FollowEnd> {
    const scope = await documentSecretScope(app.db.prisma, document, visible, agent.apiKey === undefined ? [] : [agent.apiKey], names)
    const secrets = await app.secrets.scopedRedactor(scope)
    const outputs: unknown[] = []
    let usage: UsageDetails | undefined
    let sequence = 0
    const toEvent = (type: string, data: Record<string, unknown>): RunEvent => ({
      sequence: ++sequence,
      type,
      data: secrets.redactValue(data) as Record<string, unknown>,
      createdAt: new Date().toISOString(),
    })
    const earlier = earlierConversation(input.history)
    const prepared = await prepareQueuedRun(app, id, document, { visible, names }, signal, undefined, {
      agentApiKey: (nodeId) => (nodeId === TURN_AGENT_NODE_ID ? agent.apiKey : undefined),
      agentConversation: (nodeId) => (nodeId === TURN_AGENT_NODE_ID ? earlier : undefined),
    })
    const iterator = prepared.workflow.runStream(input.text, { signal })[Symbol.asyncIterator]()
    try {
      for (;;) {
        const next = await prepared.asRun(() => iterator.next())
        if (next.done) break
        // Not coalesced as a stored run's text is (that saves writes): each piece goes to the client as it comes.
        for (const record of toRunEvents(next.value)) {
          if (record.usage) usage = addUsage(usage, record.usage)
          if (record.type === 'output') outputs.push(record.data.data)
          if (record.type === 'request_info') throw new AsksAPersonError()
          if (record.type === 'failed') throw new Error(String((record.data.error as { message?: string } | undefined)?.message ?? 'The agent failed.'))
          yield toEvent(record.type, record.data)
        }
      }
      outcome = { status: 'succeeded', outputs: secrets.redactValue(outputs), usage: (usage as TokenUsage | undefined) ?? null, error: null }
      return 'ended'
    } catch (error) {
      if (signal.aborted) {
        outcome = { status: 'cancelled', outputs: null, usage: null, error: null }
        return 'aborted'
      }
      const message = error instanceof Error ? error.message : String(error)
      outcome = {
        status: 'failed',
        outputs: secrets.redactValue(outputs),
        usage: (usage as TokenUsage | undefined) ?? null,
        error: secrets.redact(message),
        ...(error instanceof AsksAPersonError ? { errorCode: ASKS_A_PERSON_CODE } : {}),
      }
      return 'ended'
    } finally {
      // A turn left early (it asked a person, it failed, the client went away) lets go of the workflow's run too.
      await iterator.return?.(undefined).catch(() => {})
      await prepared.close()
    }
  }

  return { id, events, outcome: async () => outcome }
}

/** The conversation the client sent (`input`'s earlier messages), held in memory for this turn only. */
function earlierConversation(history: readonly EarlierMessage[]): AgentConversation {
  const provider = new InMemoryHistoryProvider()
  const session = new AgentSession()
  session.stateFor(provider.sourceId).messages = history.map((message) => new Message({ role: message.role, text: message.text }))
  return { session, history: provider, startLength: history.length, length: async () => history.length, truncate: async () => {} }
}

interface TurnAgent {
  workspaceId: string | null
  creatorRole: string | null
  versionId: string
  /** The version's settings as stored: its turn document is made of them once per process. */
  definition: unknown
  apiKey: string | undefined
}

/** The agent version the model names, as resolveModel read it with the agent the caller may see (and its creator's role, whose names it uses). */
function turnAgentOf(app: AppContext, model: ResolvedAgent): TurnAgent {
  const row = model.agentVersion
  if (!row)
    throw new DomainError(
      'not_found',
      model.version === undefined ? `The agent '${model.name}' has no version.` : `The agent '${model.name}' has no version ${model.version}.`,
    )
  return {
    workspaceId: row.workspaceId,
    creatorRole: row.creatorRole,
    versionId: row.versionId,
    definition: row.definition,
    apiKey: openAgentApiKey(app.secrets.box, row.apiKey),
  }
}

class AsksAPersonError extends Error {
  constructor() {
    super(ASKS_A_PERSON_MESSAGE)
  }
}
