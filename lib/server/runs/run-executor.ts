/**
 * Executes one claimed run: load its graph, connect the MCP servers it uses, compile it with
 * lib/graph, stream the lib/core workflow's events into the run's event log, and record the
 * outcome. Every failure ends as a `run_failed` event with a message a person can act on.
 */
import { addUsage, type MCPTool, type UsageDetails } from '@/lib/core'
import { collectMcpServerIds, compile, parseGraphDocument } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { PostgresCheckpointStorage } from '../checkpoints/postgres-checkpoint-storage'
import { jsonbSafe } from '../db/jsonb'
import { closeMcpServers, connectMcpServers } from '../mcp/mcp-connections'
import { chatClientFor } from './chat-clients'
import { answerPendingRequests, type PendingRequest } from './workflow-requests'
import { AgentTextCoalescer, toRunEvents, type RunEventRecord } from './workflow-events'

export async function executeRun(app: AppContext, runId: string, signal: AbortSignal): Promise<void> {
  const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, include: { version: true } })
  await app.events.append(runId, 'run_started', {})
  let mcpTools = new Map<string, MCPTool>()
  const outputs: unknown[] = []
  let usage: UsageDetails | undefined
  try {
    const parsed = parseGraphDocument(run.version.graph)
    if (!parsed.ok) throw new Error(`The saved workflow is not valid: ${parsed.problems.map((p) => p.message).join(' ')}`)
    const document = parsed.document
    mcpTools = await connectMcpServers(collectMcpServerIds(document), { app, runId, samplingClient: chatClientFor({ provider: 'default' }), signal })
    const workflow = compile(document, {
      chatClient: (settings) => chatClientFor(settings),
      mcpServer: (id) => {
        const tool = mcpTools.get(id)
        if (!tool) throw new Error(`MCP server '${id}' is not connected.`)
        return tool
      },
      functionTool: () => undefined,
    })
    const input = typeof run.input === 'string' ? run.input : JSON.stringify(run.input)
    const text = new AgentTextCoalescer()
    let pending: PendingRequest[] = []
    const record = async (runEvent: RunEventRecord) => {
      if (runEvent.type === 'output') outputs.push(runEvent.data.data)
      if (runEvent.type === 'request_info') pending.push(runEvent.data as unknown as PendingRequest)
      if (runEvent.usage) usage = addUsage(usage, runEvent.usage)
      await app.events.append(runId, runEvent.type, runEvent.data)
      if (runEvent.type === 'failed') throw new Error(String((runEvent.data.error as { message?: string } | undefined)?.message ?? 'The workflow failed.'))
    }
    // Checkpoints after every superstep are stored with the run.
    const checkpointStorage = new PostgresCheckpointStorage(app.db.prisma, runId)
    // Run, and while the workflow stops for people, ask them and resume with their answers.
    let responses: Record<string, unknown> | undefined
    do {
      pending = []
      const stream = responses ? workflow.runStream(undefined, { responses, signal, checkpointStorage }) : workflow.runStream(input, { signal, checkpointStorage })
      for await (const event of stream) {
        for (const runEvent of toRunEvents(event).flatMap((e) => text.push(e))) await record(runEvent)
      }
      for (const runEvent of text.flush()) await record(runEvent)
      responses = pending.length && !signal.aborted ? await answerPendingRequests(app, runId, pending, signal) : undefined
    } while (responses && !signal.aborted)
    if (signal.aborted) return finishCancelled(app, runId)
    await app.events.append(runId, 'run_succeeded', { outputs })
    await finish(app, runId, { status: 'succeeded', outputs, usage })
  } catch (error) {
    if (signal.aborted) return finishCancelled(app, runId)
    const message = error instanceof Error ? error.message : String(error)
    await app.events.append(runId, 'run_failed', { error: message })
    await finish(app, runId, { status: 'failed', outputs, usage, error: message })
  } finally {
    await closeMcpServers(mcpTools)
  }
}

async function finish(
  app: AppContext,
  runId: string,
  result: { status: 'succeeded' | 'failed'; outputs: unknown[]; usage?: UsageDetails; error?: string },
): Promise<void> {
  // A run cancelled meanwhile stays cancelled.
  await app.db.prisma.run.updateMany({
    where: { id: runId, status: { in: ['running', 'waiting'] } },
    data: { status: result.status, outputs: jsonbSafe(result.outputs) as object[], usage: (result.usage ?? undefined) as object | undefined, error: result.error ?? null, finishedAt: new Date() },
  })
}

async function finishCancelled(app: AppContext, runId: string): Promise<void> {
  // RunService.cancel wrote the status and the run_cancelled event; anything still open is closed here.
  await app.approvals.expirePendingForRun(runId, 'The run was cancelled.')
}
