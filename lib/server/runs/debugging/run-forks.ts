/**
 * Forks (time travel, issue #31): a new durable run that starts from a copy of one of a run's checkpoints instead of
 * its input — replayed as it was, or with edits (fork-edits.ts), on the parent's version or a newer one of the same
 * shape (graph-shape.ts). The parent is never changed.
 *
 * What a fork is made of, written in one transaction:
 * - a Run row that names its parent, the checkpoint and its superstep, and keeps the edits with what they replaced;
 *   its resume point is its own copy of the checkpoint, so the worker takes it like a run resumed after a crash
 *   (run-executor.ts, `resumed`) and goes on from there — queued, leased, parked and resumed like any run;
 * - the copy, edited and sealed anew under a new id, owned by the fork (a checkpoint is never shared between runs:
 *   deleting or resuming one run never touches another's);
 * - the parent's events up to the checkpoint (its `superstep_completed`), then `run_forked`. Copying them, rather
 *   than starting the log with only a reference to the parent, is what keeps the fork a run like any other: its page
 *   shows its whole history (everything before `run_forked` is inherited), its outputs are the parent's up to the
 *   fork point followed by its own (the executor collects the outputs a resumed run had before its resume point from
 *   its own log), and it stays whole when the parent is deleted;
 * - its agent nodes' conversations (run-agent-conversations.ts), each as of the checkpoint — the parent's
 *   conversation cut at the length the checkpoint kept, with any edit — not the parent's later history.
 */
import { randomUUID } from 'node:crypto'
import { addUsage, type UsageDetails, type WorkflowCheckpoint } from '@/lib/core'
import type { CreatedFork, ForkEdit, ForkEditDiff, ForkOrigin, ForkRun, RunForks } from '@/lib/contracts/run-forks'
import { parseGraphDocument, type GraphDocument } from '@/lib/graph'
import type { AppContext } from '../../app-context'
import { requireRole, visibleTo, type Principal } from '../../auth/principal'
import { sealedCheckpointText } from '../../checkpoints/sealed-checkpoint'
import { conflict, invalidInput, notFound } from '../../domain-errors'
import { applyForkEdits } from './fork-edits'
import { graphShapeDifferences } from './graph-shape'
import { loadRunCheckpoint, storedConversationsAt, superstepSequences } from './run-checkpoints'
import { markRunReady } from '../queue/run-queue'
import { presentSummary, RUN_SUBJECT } from '../run-service'

/** What to fork from (lib/contracts/run-forks.ts `createForkBody`, parsed). */
export interface ForkRequest {
  checkpointId: string
  version?: number
  versionId?: string
  edits?: ForkEdit[]
}

export class RunForkService {
  constructor(private readonly app: AppContext) {}

  /** Forks the run at one of its checkpoints: 201 with the new, queued run. */
  async create(principal: Principal, runId: string, body: ForkRequest): Promise<CreatedFork> {
    const prisma = this.app.db.prisma
    const parent = await prisma.run.findFirst({
      where: { id: runId, ...visibleTo(principal) },
      include: { version: { select: { id: true, version: true, graph: true } } },
    })
    if (!parent) throw notFound('Run', runId)
    requireRole(principal, parent.workspaceId, 'runner')
    if (parent.conversationId !== null || !parent.version || parent.workflowId === null) {
      throw invalidInput('fork_of_turn', 'A conversation turn cannot be forked: continue the conversation instead, or fork a workflow run.')
    }
    const { checkpoint } = await loadRunCheckpoint(this.app, runId, body.checkpointId)
    const target = await this.targetVersion(parent.workflowId, parent.version, body)
    const sequence = (await superstepSequences(this.app, runId)).get(checkpoint.iterationCount)
    if (sequence === undefined) {
      throw conflict('run_incomplete', `The run's log has no end of superstep ${checkpoint.iterationCount}, so it cannot be forked there.`)
    }
    const forkId = randomUUID()
    const copy: WorkflowCheckpoint = { ...structuredClone(checkpoint), checkpointId: randomUUID(), timestamp: new Date().toISOString() }
    delete copy.previousCheckpointId
    copy.metadata = { ...copy.metadata, forkedFrom: { runId, checkpointId: checkpoint.checkpointId } }
    const conversations = await storedConversationsAt(this.app, runId, checkpoint)
    const diffs = applyForkEdits({ checkpoint: copy, conversations }, body.edits ?? [])
    // What the fork shows of its edits is redacted like everything else shown of a run.
    const edits = (await this.app.secretScopes.forRun(runId)).redactValue(diffs)
    const usage = await usageThrough(this.app, runId, sequence)
    const agentNodes = target.document.nodes.filter((node) => node.kind === 'agent').map((node) => node.id)
    const nodeConversations = agentNodes.map((nodeId) => ({ nodeId, messages: conversations.get(nodeId) ?? [] }))
    const origin: ForkOrigin = { parentRunId: runId, checkpointId: checkpoint.checkpointId, superstep: checkpoint.iterationCount, edits }
    await this.app.db.sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO "Run" (id, "workflowId", "versionId", input, "ownerId", "workspaceId", status, durability, "checkpointId", "checkpointSequence", usage,
           "parentRunId", "forkedFromCheckpointId", "forkSuperstep", "forkEdits", "createdAt", "updatedAt")
         SELECT $1, "workflowId", $3, input, $4, "workspaceId", 'queued', durability, $5, $6::int + 1, $7::jsonb, id, $8, $9, $10::jsonb, now(), now()
         FROM "Run" WHERE id = $2`,
        [
          forkId,
          runId,
          target.id,
          principal.userId,
          copy.checkpointId,
          sequence,
          usage ? JSON.stringify(usage) : null,
          checkpoint.checkpointId,
          checkpoint.iterationCount,
          JSON.stringify(edits),
        ],
      )
      await tx.query(
        `INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
         SELECT $1, sequence, type, data, "createdAt" FROM "RunEvent" WHERE "runId" = $2 AND sequence <= $3
         UNION ALL SELECT $1, $3::int + 1, 'run_forked', $4::jsonb, now()`,
        [forkId, runId, sequence, JSON.stringify({ ...origin, inheritedThrough: sequence, version: target.version })],
      )
      await tx.query(`INSERT INTO "Checkpoint" (id, "runId", "workflowName", "previousId", data, "createdAt") VALUES ($1, $2, $3, NULL, $4::jsonb, now())`, [
        copy.checkpointId,
        forkId,
        copy.workflowName,
        sealedCheckpointText(this.app.secrets.box, copy),
      ])
      if (nodeConversations.length > 0) await this.copyConversations(tx, forkId, principal.userId, nodeConversations)
      await markRunReady(tx, forkId)
    })
    const row = await prisma.run.findUniqueOrThrow({ where: { id: forkId }, include: RUN_SUBJECT })
    return { run: presentSummary(row), fork: origin }
  }

  /** The run with its parent and its forks, each with what comparing them side by side needs. */
  async tree(principal: Principal, runId: string): Promise<RunForks> {
    const visible = visibleTo(principal)
    const run = await this.app.db.prisma.run.findFirst({ where: { id: runId, ...visible }, include: RUN_SUBJECT })
    if (!run) throw notFound('Run', runId)
    const [parent, forks] = await Promise.all([
      run.parentRunId === null ? null : this.app.db.prisma.run.findFirst({ where: { id: run.parentRunId, ...visible }, include: RUN_SUBJECT }),
      this.app.db.prisma.run.findMany({ where: { parentRunId: runId, ...visible }, include: RUN_SUBJECT, orderBy: { createdAt: 'asc' } }),
    ])
    const all = [run, ...(parent ? [parent] : []), ...forks]
    const counts = await this.app.db.sql.query<{ runId: string; count: number }>(
      `SELECT "runId", COUNT(*)::int AS count FROM "RunEvent" WHERE "runId" = ANY($1::text[]) GROUP BY "runId"`,
      [all.map((row) => row.id)],
    )
    const eventCount = new Map(counts.map((row) => [row.runId, Number(row.count)]))
    const present = (row: (typeof all)[number]): ForkRun => ({
      ...presentSummary(row),
      outputs: (row.outputs as unknown[] | null) ?? null,
      usage: (row.usage as ForkRun['usage']) ?? null,
      eventCount: eventCount.get(row.id) ?? 0,
      fork:
        row.forkedFromCheckpointId === null
          ? null
          : {
              parentRunId: row.parentRunId,
              checkpointId: row.forkedFromCheckpointId,
              superstep: row.forkSuperstep ?? 0,
              edits: (row.forkEdits as ForkEditDiff[] | null) ?? [],
            },
    })
    return { run: present(run), parent: parent ? present(parent) : null, forks: forks.map(present) }
  }

  /** The version the fork runs: the parent's, or another of the same workflow whose graph has the parent's shape (409 naming the difference). */
  private async targetVersion(
    workflowId: string,
    parentVersion: { id: string; version: number; graph: unknown },
    body: { version?: number; versionId?: string },
  ): Promise<{ id: string; version: number; document: GraphDocument }> {
    const parentDocument = documentOf(parentVersion.graph)
    if (body.version === undefined && body.versionId === undefined) return { ...parentVersion, document: parentDocument }
    const version = await this.app.db.prisma.workflowVersion.findFirst({
      where: { workflowId, workflow: { deletedAt: null }, ...(body.versionId === undefined ? { version: body.version } : { id: body.versionId }) },
      select: { id: true, version: true, graph: true },
    })
    if (!version) throw notFound('Version', body.versionId ?? `${workflowId}@${body.version}`)
    const document = documentOf(version.graph)
    const differences = graphShapeDifferences(parentDocument, document)
    if (differences.length > 0) {
      throw conflict(
        'graph_changed',
        `Version ${version.version} cannot run from this checkpoint: its graph differs from the run's version ${parentVersion.version} (${differences.slice(0, 5).join('; ')}).`,
        { differences },
      )
    }
    return { ...version, document }
  }

  /** The fork's agent nodes' conversations, made now as they were at the checkpoint (the worker finds them made). */
  private async copyConversations(
    tx: Pick<AppContext['db']['sql'], 'query'>,
    forkId: string,
    ownerId: string,
    conversations: Array<{ nodeId: string; messages: Array<{ role: string; message: string }> }>,
  ): Promise<void> {
    const nodeIds = conversations.map((conversation) => conversation.nodeId)
    await tx.query(
      `INSERT INTO "Conversation" (id, kind, "ownerId", "originRunId", "originNodeId", state, "createdAt", "updatedAt")
       SELECT 'run:' || $1::text || ':' || node, 'run_agent', $2, $1, node, '{}', now(), now() FROM unnest($3::text[]) AS node`,
      [forkId, ownerId, nodeIds],
    )
    const rows = conversations.flatMap(({ nodeId, messages }) => messages.map((message, position) => ({ nodeId, position, ...message })))
    if (rows.length === 0) return
    await tx.query(
      `INSERT INTO "ChatMessage" (id, "conversationId", position, role, message)
       SELECT gen_random_uuid(), 'run:' || $1::text || ':' || m.node, m.position, m.role, m.message
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[]) AS m(node, position, role, message)`,
      [forkId, rows.map((row) => row.nodeId), rows.map((row) => row.position), rows.map((row) => row.role), rows.map((row) => row.message)],
    )
  }
}

function documentOf(graph: unknown): GraphDocument {
  const parsed = parseGraphDocument(graph)
  if (!parsed.ok)
    throw invalidInput('invalid_graph', 'The version no longer parses as a workflow document, so it cannot be forked.', { problems: parsed.problems })
  return parsed.document
}

/** The tokens the run had used by event `sequence`: the fork starts counting from them, as a resumed run does. */
async function usageThrough(app: AppContext, runId: string, sequence: number): Promise<UsageDetails | undefined> {
  const rows = await app.db.sql.query<{ usage: UsageDetails }>(
    `SELECT data->'usage' AS usage FROM "RunEvent" WHERE "runId" = $1 AND sequence <= $2 AND jsonb_typeof(data->'usage') = 'object' ORDER BY sequence`,
    [runId, sequence],
  )
  return rows.reduce<UsageDetails | undefined>((sum, row) => addUsage(sum, row.usage), undefined)
}
