/**
 * The commands that talk to a running server with an API token: list workflows, start a run and
 * follow its events, fork a run from one of its checkpoints, list and answer approvals. Human output is a line per item; `--json` prints
 * the contract-shaped answers (one JSON line per event when following).
 */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { approvalListResponseSchema, approvalResponseSchema, type ApprovalView } from '@/lib/contracts/approvals'
import { checkpointListSchema, createdForkSchema, forkEditSchema, type ForkEdit } from '@/lib/contracts/run-forks'
import { asKnownRunEvent, type RunEvent } from '@/lib/contracts/run-events'
import { runSummaryResponseSchema } from '@/lib/contracts/runs'
import { workflowListResponseSchema } from '@/lib/contracts/workflows'
import { EXIT_FAILED, EXIT_OK, jsonLine, usageError, type CliIo } from './cli-io'
import type { ServerClient } from './server-client'

export async function listWorkflows(io: CliIo, client: ServerClient, { json }: { json: boolean }): Promise<number> {
  const { workflows } = await client.request('GET', '/api/workflows', workflowListResponseSchema)
  if (json) io.out(jsonLine({ workflows }))
  else if (workflows.length === 0) io.out('No workflows.\n')
  else for (const workflow of workflows) io.out(`${workflow.id}\t${workflow.name}\tv${workflow.latestVersion ?? '-'}\n`)
  return EXIT_OK
}

export async function startRun(
  io: CliIo,
  client: ServerClient,
  workflowId: string,
  options: { input: string; version?: number; follow: boolean; json: boolean },
): Promise<number> {
  const body = { workflowId, input: options.input, ...(options.version === undefined ? {} : { version: options.version }) }
  const { run } = await client.request('POST', '/api/runs', runSummaryResponseSchema, body)
  if (options.json) io.out(jsonLine({ run }))
  else io.out(`${run.id}\n`)
  if (!options.follow) return EXIT_OK
  return followRun(io, client, run.id, { json: options.json })
}

/**
 * Forks a run at a superstep (its checkpoint there), with the edits in `editFile` — a JSON array of edits, or
 * `{ "edits": [...] }` (lib/contracts/run-forks.ts) — on another version of the workflow if asked.
 */
export async function forkRun(
  io: CliIo,
  client: ServerClient,
  runId: string,
  options: { at: number; edit?: string; version?: number; follow: boolean; json: boolean },
): Promise<number> {
  const edits = options.edit === undefined ? [] : await readEdits(options.edit)
  const path = `/api/runs/${encodeURIComponent(runId)}`
  const { checkpoints } = await client.request('GET', `${path}/checkpoints`, checkpointListSchema)
  const checkpoint = checkpoints.find((candidate) => candidate.superstep === options.at)
  if (!checkpoint) {
    const supersteps = checkpoints.map((candidate) => candidate.superstep).join(', ')
    throw usageError(`Run ${runId} has no checkpoint at superstep ${options.at} (${supersteps ? `it has ${supersteps}` : 'it has none'}).`)
  }
  const body = { checkpointId: checkpoint.id, edits, ...(options.version === undefined ? {} : { version: options.version }) }
  const { run, fork } = await client.request('POST', `${path}/forks`, createdForkSchema, body)
  if (options.json) io.out(jsonLine({ run, fork }))
  else io.out(`${run.id}\n`)
  if (!options.follow) return EXIT_OK
  return followRun(io, client, run.id, { json: options.json })
}

async function readEdits(file: string): Promise<ForkEdit[]> {
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw usageError(`Cannot read the edits in ${file}: ${(error as Error).message}`)
  }
  const parsed = z.array(forkEditSchema).safeParse(Array.isArray(raw) ? raw : (raw as { edits?: unknown } | null)?.edits)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw usageError(`The edits in ${file} are not valid: ${issue.path.join('.') || '(edits)'}: ${issue.message}`)
  }
  return parsed.data
}

/** Prints the run's events until it ends; exit 1 unless it succeeded. */
export async function followRun(io: CliIo, client: ServerClient, runId: string, { json }: { json: boolean }): Promise<number> {
  let ending: string | undefined
  for await (const event of client.runEvents(runId)) {
    if (json) io.out(jsonLine(event))
    else describeRunEvent(io, event)
    if (event.type === 'run_succeeded' || event.type === 'run_failed' || event.type === 'run_cancelled') ending = event.type
  }
  return ending === 'run_succeeded' ? EXIT_OK : EXIT_FAILED
}

function describeRunEvent(io: CliIo, raw: RunEvent): void {
  const event = asKnownRunEvent(raw)
  if (!event) return
  const line = (text: string) => io.err(`${text}\n`)
  switch (event.type) {
    case 'run_started':
      return line('▸ run started')
    case 'run_forked':
      return line(`▸ forked from run ${event.data.parentRunId} at superstep ${event.data.superstep} (the events above are the parent's)`)
    case 'superstep_started':
      return line(`▸ superstep ${event.data.iteration}`)
    case 'executor_invoked':
      return line(`  · ${event.data.executorId} started`)
    case 'executor_completed':
      return line(`  · ${event.data.executorId} done`)
    case 'executor_failed':
      return line(`  ✗ ${event.data.executorId} failed: ${event.data.error.message}`)
    case 'agent_update':
      return line(`    ${event.data.executorId ?? 'agent'}: ${event.data.text}`)
    case 'tool_call':
      return line(`    ${event.data.executorId ?? 'agent'} calls ${event.data.name} ${JSON.stringify(event.data.arguments)}`)
    case 'approval_requested':
      return line(
        `  ? approval ${event.data.approval.id}: ${event.data.approval.title} (agentloom approvals answer ${event.data.approval.id} --approve|--deny)`,
      )
    case 'approval_resolved':
      return line(`  · approval ${event.data.approval.id} ${event.data.approval.status}`)
    case 'approval_escalated':
      return line(`  ! approval ${event.data.approvalId} escalated to the workspace's owners`)
    case 'run_succeeded':
      line('✓ run succeeded')
      for (const output of event.data.outputs) io.out(`${typeof output === 'string' ? output : JSON.stringify(output, null, 2)}\n`)
      return
    case 'run_failed':
      return line(`✗ run failed: ${event.data.error ?? 'no message'}`)
    case 'run_cancelled':
      return line('✗ run cancelled')
    default:
      return
  }
}

export async function listApprovals(io: CliIo, client: ServerClient, options: { status?: string; json: boolean }): Promise<number> {
  const query = options.status ? `?status=${encodeURIComponent(options.status)}` : ''
  const { approvals } = await client.request('GET', `/api/approvals${query}`, approvalListResponseSchema)
  if (options.json) io.out(jsonLine({ approvals }))
  else if (approvals.length === 0) io.out('No approvals.\n')
  else for (const approval of approvals) io.out(describeApproval(approval))
  return EXIT_OK
}

export async function answerApproval(
  io: CliIo,
  client: ServerClient,
  id: string,
  options: { approve?: boolean; deny?: boolean; reason?: string; text?: string; json: boolean },
): Promise<number> {
  if (Boolean(options.approve) === Boolean(options.deny)) throw usageError('Say --approve or --deny (one of them).')
  const body = {
    decision: options.approve ? 'approve' : 'deny',
    ...(options.reason === undefined ? {} : { reason: options.reason }),
    ...(options.text === undefined ? {} : { content: { text: options.text } }),
  }
  const { approval } = await client.request('POST', `/api/approvals/${encodeURIComponent(id)}`, approvalResponseSchema, body)
  if (options.json) io.out(jsonLine({ approval }))
  else io.out(describeApproval(approval))
  return EXIT_OK
}

function describeApproval(approval: ApprovalView): string {
  return `${approval.id}\t${approval.status}\t${approval.kind}\t${approval.title}\n`
}
