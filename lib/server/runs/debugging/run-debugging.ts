/**
 * What a person does with a debug run paused at a breakpoint (run-breakpoints.ts), from any process: go on
 * (`continue`: to the next breakpoint; `step`: one superstep, then pause again), stop it (a cancel), or edit
 * the state it will go on from. An edit uses the fork edits' vocabulary (fork-edits.ts) on a copy of the
 * checkpoint it is paused on, stored as a new checkpoint of the same run that becomes its resume point: the
 * paused checkpoint stays as it was, so the run's history shows what the run held before the edit.
 */
import { randomUUID } from 'node:crypto'
import type { WorkflowCheckpoint } from '@/lib/core'
import type { DebugAction } from '@/lib/contracts/run-debug'
import type { ForkEdit, ForkEditDiff } from '@/lib/contracts/run-forks'
import type { AppContext } from '../../app-context'
import type { ApprovalBroker } from '../../approvals/approval-broker'
import { requireRole, visibleTo, type Principal } from '../../auth/principal'
import { sealedCheckpointText } from '../../checkpoints/sealed-checkpoint'
import { conflict, invalidInput, notFound } from '../../domain-errors'
import { applyForkEdits } from './fork-edits'
import { loadRunCheckpoint } from './run-checkpoints'
import type { RunService } from '../run-service'

export class RunDebugService {
  constructor(
    private readonly app: AppContext,
    private readonly runs: RunService,
    private readonly approvals: ApprovalBroker,
  ) {}

  /** Continue, step or stop a paused run. */
  async act(principal: Principal, runId: string, action: DebugAction): Promise<{ action: DebugAction; runId: string }> {
    await this.pausedRun(principal, runId, action !== 'stop')
    if (action === 'stop') {
      await this.runs.cancel(principal, runId)
      return { action, runId }
    }
    const approval = await this.pendingBreakpoint(runId)
    // Answered like any approval: the answer queues the run, which goes on from its checkpoint (run-executor.ts reads the action).
    await this.approvals.answer(principal, approval.id, { decision: 'approve', content: { action } })
    return { action, runId }
  }

  /** Edits the state a paused run goes on from; returns each edit with what it replaced. */
  async editState(principal: Principal, runId: string, edits: readonly ForkEdit[]): Promise<{ checkpointId: string; edits: ForkEditDiff[] }> {
    const run = await this.pausedRun(principal, runId, true)
    if (run.checkpointId === null) throw conflict('run_not_paused', 'The run holds no checkpoint to edit.')
    if (edits.some((edit) => edit.op === 'replace_conversation_message')) {
      throw invalidInput('invalid_fork_edit', "A paused run's agent conversations cannot be edited in place: fork the run to change them.")
    }
    const { checkpoint } = await loadRunCheckpoint(this.app, runId, run.checkpointId)
    const copy: WorkflowCheckpoint = {
      ...structuredClone(checkpoint),
      checkpointId: randomUUID(),
      previousCheckpointId: checkpoint.checkpointId,
      timestamp: new Date().toISOString(),
    }
    const diffs = applyForkEdits({ checkpoint: copy, conversations: new Map() }, edits)
    const shown = (await this.app.secretScopes.forRun(runId)).redactValue(diffs)
    const moved = await this.app.db.sql.transaction(async (tx) => {
      await tx.query(`INSERT INTO "Checkpoint" (id, "runId", "workflowName", "previousId", data, "createdAt") VALUES ($1, $2, $3, $4, $5::jsonb, now())`, [
        copy.checkpointId,
        runId,
        copy.workflowName,
        checkpoint.checkpointId,
        sealedCheckpointText(this.app.secrets.box, copy),
      ])
      // Only while the run is still parked on the checkpoint that was edited: a run that went on meanwhile keeps its course.
      return tx.query<{ id: string }>(
        `UPDATE "Run" SET "checkpointId" = $2, "updatedAt" = now()
         WHERE id = $1 AND "checkpointId" = $3 AND status = 'waiting' AND "workerId" IS NULL AND "parkedRequests" IS NOT NULL RETURNING id`,
        [runId, copy.checkpointId, checkpoint.checkpointId],
      )
    })
    if (moved.length === 0) throw conflict('run_not_paused', 'The run went on before the edit was saved.')
    await this.app.events.append(runId, 'breakpoint_state_edited', { checkpointId: copy.checkpointId, editedFrom: checkpoint.checkpointId, edits: shown })
    return { checkpointId: copy.checkpointId, edits: shown }
  }

  /** The run, visible and debuggable by the principal; when `paused` is asked, it must be paused at a breakpoint. */
  private async pausedRun(principal: Principal, runId: string, paused: boolean) {
    const run = await this.app.db.prisma.run.findFirst({
      where: { id: runId, ...visibleTo(principal) },
      select: { id: true, workspaceId: true, status: true, debug: true, checkpointId: true },
    })
    if (!run) throw notFound('Run', runId)
    requireRole(principal, run.workspaceId, 'runner')
    if (run.debug === null) throw conflict('run_not_paused', 'This is not a debug run: it has no breakpoints.')
    if (paused && run.status !== 'waiting') throw conflict('run_not_paused', `The run is not paused at a breakpoint (${run.status}).`, { status: run.status })
    if (paused) await this.pendingBreakpoint(runId)
    return run
  }

  private async pendingBreakpoint(runId: string) {
    const approval = await this.app.db.prisma.approvalRequest.findFirst({ where: { runId, kind: 'breakpoint', status: 'pending' }, select: { id: true } })
    if (!approval) throw conflict('run_not_paused', 'The run is not paused at a breakpoint.')
    return approval
  }
}
