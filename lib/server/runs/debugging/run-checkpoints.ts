/**
 * A run's checkpoints as people read them (time travel, run-forks.ts): the list, one per superstep, and the whole
 * state at one. Checkpoints are sealed at rest (sealed-checkpoint.ts) because they hold values whole; what is shown
 * here is redacted with the run's secret scope first, like every other view of a run's text.
 *
 * An agent node of the app keeps its conversation stored (run-agent-conversations.ts) and its checkpoint only
 * how long it was: the conversation "at" a checkpoint is the stored one cut at that length. Later messages (the run went
 * on) are not part of it.
 */
import type { WorkflowCheckpoint } from '@/lib/core'
import type { CheckpointDetail, CheckpointSummary } from '@/lib/contracts/run-forks'
import type { AppContext } from '../../app-context'
import { visibleTo, type Principal } from '../../auth/principal'
import { openStoredCheckpoint } from '../../checkpoints/sealed-checkpoint'
import { notFound } from '../../domain-errors'
import { runAgentConversationId } from '../../conversations/run-agent-conversations'
import { messageText, stateConversation, type StoredConversationMessage } from './fork-edits'

export interface StoredCheckpoint {
  checkpoint: WorkflowCheckpoint
  createdAt: Date
}

export class RunCheckpoints {
  constructor(private readonly app: AppContext) {}

  /** The run's checkpoints, oldest first; 404 for a run the principal cannot see. */
  async list(principal: Principal, runId: string): Promise<CheckpointSummary[]> {
    await this.visibleRun(principal, runId)
    const rows = await this.app.db.prisma.checkpoint.findMany({ where: { runId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
    const sequences = await superstepSequences(this.app, runId)
    return rows
      .map((row) => summarize(openStoredCheckpoint(this.app.secrets.box, row.data), row.createdAt, sequences))
      .sort((a, b) => a.superstep - b.superstep || a.createdAt.localeCompare(b.createdAt))
  }

  /** The state at one checkpoint of the run, redacted; 404 for a checkpoint that is not this run's. */
  async get(principal: Principal, runId: string, checkpointId: string): Promise<CheckpointDetail> {
    await this.visibleRun(principal, runId)
    const { checkpoint, createdAt } = await loadRunCheckpoint(this.app, runId, checkpointId)
    const sequences = await superstepSequences(this.app, runId)
    const conversations = await storedConversationsAt(this.app, runId, checkpoint)
    const shown: Record<string, CheckpointDetail['conversations'][string]> = {}
    for (const [nodeId, messages] of conversations) shown[nodeId] = messages.map((stored, index) => presentMessage(index, JSON.parse(stored.message)))
    for (const [nodeId, state] of Object.entries(checkpoint.executorStates)) {
      const conversation = stateConversation(state)
      if (conversation && !(nodeId in shown)) shown[nodeId] = conversation.map((entry, index) => presentMessage(index, entry.value))
    }
    const detail: CheckpointDetail = {
      ...summarize(checkpoint, createdAt, sequences),
      messages: checkpoint.messages.map((message, index) => ({ index, sourceId: message.sourceId, targetId: message.targetId ?? null, data: message.data })),
      pendingRequests: Object.values(checkpoint.pendingRequestInfoEvents).map(({ requestId, executorId, data }) => ({ requestId, executorId, data })),
      executorStates: checkpoint.executorStates,
      conversations: shown,
      state: checkpoint.state,
    }
    return (await this.app.secretScopes.forRun(runId)).redactValue(detail)
  }

  private async visibleRun(principal: Principal, runId: string): Promise<void> {
    const run = await this.app.db.prisma.run.findFirst({ where: { id: runId, ...visibleTo(principal) }, select: { id: true } })
    if (!run) throw notFound('Run', runId)
  }
}

/** One checkpoint of the run, opened; 404 when the run has none with this id. */
export async function loadRunCheckpoint(app: AppContext, runId: string, checkpointId: string): Promise<StoredCheckpoint> {
  const row = await app.db.prisma.checkpoint.findFirst({ where: { id: checkpointId, runId } })
  if (!row) throw notFound('Checkpoint', checkpointId)
  return { checkpoint: openStoredCheckpoint(app.secrets.box, row.data), createdAt: row.createdAt }
}

/**
 * The last event each checkpoint covers, by superstep: its `superstep_completed` (the checkpoint is stored in the same
 * statement as that event, checkpoint-pointers.ts). Superstep 0 — the start node taking the input — has no such event:
 * its checkpoint covers what comes before superstep 1 starts.
 */
export async function superstepSequences(app: AppContext, runId: string): Promise<Map<number, number>> {
  const rows = await app.db.sql.query<{ type: string; iteration: number; sequence: number }>(
    `SELECT type, (data->>'iteration')::int AS iteration, MAX(sequence) AS sequence FROM "RunEvent"
     WHERE "runId" = $1 AND (type = 'superstep_completed' OR (type = 'superstep_started' AND data->>'iteration' = '1')) AND data->>'iteration' ~ '^[0-9]+$'
     GROUP BY 1, 2`,
    [runId],
  )
  const sequences = new Map<number, number>()
  for (const row of rows) {
    if (row.type === 'superstep_completed') sequences.set(Number(row.iteration), Number(row.sequence))
    else if (!sequences.has(0)) sequences.set(0, Number(row.sequence) - 1)
  }
  return sequences
}

/**
 * The conversations of the agent nodes that keep theirs stored, as they stood at the checkpoint: each
 * node's stored conversation cut at the length its state kept. One statement for all of them.
 */
export async function storedConversationsAt(app: AppContext, runId: string, checkpoint: WorkflowCheckpoint): Promise<Map<string, StoredConversationMessage[]>> {
  const lengths = new Map<string, number>()
  for (const [nodeId, state] of Object.entries(checkpoint.executorStates)) {
    const length = (state as { length?: unknown } | null)?.length
    if (typeof length === 'number' && Number.isInteger(length) && length >= 0) lengths.set(nodeId, length)
  }
  const conversations = new Map<string, StoredConversationMessage[]>()
  if (lengths.size === 0) return conversations
  const nodeIds = [...lengths.keys()]
  const rows = await app.db.sql.query<{ nodeId: string; position: number; role: string; message: string }>(
    `SELECT node AS "nodeId", m.position, m.role, m.message FROM unnest($2::text[]) AS node
     JOIN "ChatMessage" m ON m."conversationId" = 'run:' || $1::text || ':' || node ORDER BY node, m.position`,
    [runId, nodeIds],
  )
  const stored = new Set(
    (
      await app.db.sql.query<{ id: string }>(`SELECT id FROM "Conversation" WHERE id = ANY($1::text[])`, [
        nodeIds.map((node) => runAgentConversationId(runId, node)),
      ])
    ).map((row) => row.id),
  )
  for (const nodeId of nodeIds) if (stored.has(runAgentConversationId(runId, nodeId))) conversations.set(nodeId, [])
  for (const row of rows) {
    if (row.position < (lengths.get(row.nodeId) ?? 0)) conversations.get(row.nodeId)?.push({ role: row.role, message: row.message })
  }
  return conversations
}

function summarize(checkpoint: WorkflowCheckpoint, createdAt: Date, sequences: Map<number, number>): CheckpointSummary {
  return {
    id: checkpoint.checkpointId,
    superstep: checkpoint.iterationCount,
    createdAt: createdAt.toISOString(),
    sequence: sequences.get(checkpoint.iterationCount) ?? null,
    executors: Object.keys(checkpoint.executorStates),
    messagesInFlight: checkpoint.messages.length,
    pendingRequests: Object.keys(checkpoint.pendingRequestInfoEvents).length,
  }
}

function presentMessage(index: number, json: { role?: unknown; contents?: Array<{ type?: unknown; text?: unknown }> }) {
  return { index, role: typeof json.role === 'string' ? json.role : 'unknown', text: messageText(json), message: json }
}
