/**
 * The MCP server behind `/mcp`, made for one request and one API token's person (stateless: every
 * request carries the token, and tasks live in the database as runs, so no session is needed and
 * any web process can answer any request). Tools are the person's offered workflows and agents;
 * calling one starts a run (a workflow run, or an agent conversation turn) and answers with its
 * output, sending `notifications/progress` per superstep and executor while the call waits. A
 * client that asks for a task gets the run as one at once: task id = run id, `tasks/get` maps the
 * run's status (input_required while an approval waits in the app), `tasks/result` waits for the
 * run's end on the event log, `tasks/cancel` cancels the run.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  CancelTaskRequestSchema,
  ErrorCode,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListToolsRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
  type CallToolResult,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js'
import { isTerminalStatus } from '@/lib/contracts/runs'
import type { RunEvent } from '@/lib/contracts/run-events'
import { AGENTLOOM_VERSION } from '../agentloom-version'
import type { Principal } from '../auth/principal'
import { isDomainError } from '../domain-errors'
import type { Services } from '../services'
import { checkArguments, listOfferedTools, type OfferedTool } from './offered-tools'
import { followRun } from '../runs/run-follower'
import { loadRunTask, runToolResult, taskOf, waitingMessage } from './run-task'

export interface McpEndpointContext {
  services: Services
  principal: Principal
  /** The app's address, for the links in status messages (approvals are answered there). */
  baseUrl: string
}

const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true })

export function createMcpEndpointServer(context: McpEndpointContext): Server {
  const { services, principal, baseUrl } = context
  const prisma = services.app.db.prisma
  const server = new Server(
    { name: 'agentloom', title: 'Agentloom', version: AGENTLOOM_VERSION },
    {
      capabilities: { tools: { listChanged: false }, tasks: { cancel: {}, requests: { tools: { call: {} } } } },
      instructions: "The tools are this person's Agentloom workflows and agents offered as MCP tools. Approvals they raise are answered in Agentloom.",
    },
  )

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await listOfferedTools(prisma, principal.userId)).map((offered) => offered.tool) }))

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params
    const [offered] = await listOfferedTools(prisma, principal.userId, name)
    if (!offered) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`)
    let runId: string
    try {
      const started = await startRun(context, offered, args)
      if ('error' in started) return toolError(started.error)
      runId = started.runId
    } catch (error) {
      // What the app would answer with a 4xx (a workflow that cannot run, a conversation busy or not found) is the tool's error.
      if (isDomainError(error)) return toolError(error.message)
      throw error
    }
    if (request.params.task) return { task: taskOf(await loadRunTask(prisma, principal, runId), baseUrl) }

    const progressToken = request.params._meta?.progressToken
    let progress = 0
    const notify = async (message: string) => {
      if (progressToken === undefined) return
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: ++progress, message } } as ServerNotification)
    }
    await followRun(services.app, runId, {
      signal: extra.signal,
      onEvent: async (event) => {
        const message = progressMessage(event, baseUrl)
        if (message !== undefined) await notify(message)
      },
    })
    if (extra.signal.aborted) {
      // The caller went away: nobody else is waiting for this run.
      await services.runs.cancel(principal, runId).catch(() => undefined)
      throw new McpError(ErrorCode.ConnectionClosed, 'The request was cancelled.')
    }
    return runToolResult(await loadRunTask(prisma, principal, runId))
  })

  server.setRequestHandler(GetTaskRequestSchema, async (request) => taskOf(await loadRunTask(prisma, principal, request.params.taskId), baseUrl))

  server.setRequestHandler(GetTaskPayloadRequestSchema, async (request, extra) => {
    const { taskId } = request.params
    // Read before the status, so that an end coming between the two is among the events followed.
    const after = await services.app.events.lastSequence(taskId)
    let run = await loadRunTask(prisma, principal, taskId)
    if (!isTerminalStatus(run.status)) {
      await followRun(services.app, taskId, { after, signal: extra.signal })
      if (extra.signal.aborted) throw new McpError(ErrorCode.ConnectionClosed, 'The request was cancelled.')
      run = await loadRunTask(prisma, principal, taskId)
    }
    const result = runToolResult(run)
    return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId } } }
  })

  server.setRequestHandler(CancelTaskRequestSchema, async (request) => {
    const { taskId } = request.params
    const run = await loadRunTask(prisma, principal, taskId)
    if (isTerminalStatus(run.status)) throw new McpError(ErrorCode.InvalidParams, `Cannot cancel task in terminal status: ${taskOf(run, baseUrl).status}`)
    try {
      await services.runs.cancel(principal, taskId)
    } catch (error) {
      // It ended between the look and the cancel.
      if (isDomainError(error) && error.code === 'run_finished') throw new McpError(ErrorCode.InvalidParams, error.message)
      throw error
    }
    return taskOf(await loadRunTask(prisma, principal, taskId), baseUrl)
  })

  return server
}

/** Queues the run the tool stands for; bad arguments are the tool's error (the caller can correct them). */
async function startRun({ services, principal }: McpEndpointContext, offered: OfferedTool, args: unknown): Promise<{ runId: string } | { error: string }> {
  if (offered.kind === 'workflow') {
    const checked = checkArguments(offered.arguments, args)
    if (!checked.ok) return { error: `Invalid arguments for tool ${offered.tool.name}:\n${checked.message}` }
    const run = await services.runs.create(principal, { workflowId: offered.workflowId, input: checked.value.input })
    return { runId: run.id }
  }
  const checked = checkArguments(offered.arguments, args)
  if (!checked.ok) return { error: `Invalid arguments for tool ${offered.tool.name}:\n${checked.message}` }
  const { message, conversation_id: given } = checked.value
  let conversationId = given
  if (conversationId === undefined) {
    conversationId = (await services.conversations.create(principal, offered.agentId, { title: message.slice(0, 80) })).id
  } else {
    const conversation = await services.conversations.get(principal, conversationId)
    if (conversation.agentId !== offered.agentId) return { error: `Conversation '${conversationId}' is not a conversation with this agent.` }
  }
  return services.conversations.send(principal, conversationId, message)
}

/** What a progress notification says about an event, or undefined for events it does not report. */
export function progressMessage(event: RunEvent, baseUrl: string): string | undefined {
  const data = (event.data ?? {}) as Record<string, unknown>
  switch (event.type) {
    case 'run_started':
      return 'Run started'
    case 'superstep_started':
      return `Superstep ${String(data.iteration)}`
    case 'executor_invoked':
      return `Running ${String(data.executorId)}`
    case 'executor_completed':
      return `Done: ${String(data.executorId)}`
    case 'approval_requested': {
      const approval = data.approval as { title?: unknown } | undefined
      return waitingMessage({ title: String(approval?.title ?? 'approval') }, baseUrl)
    }
    default:
      return undefined
  }
}
