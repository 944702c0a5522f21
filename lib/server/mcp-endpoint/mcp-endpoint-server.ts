/**
 * The MCP server behind `/mcp`, made for one request and one API token's person (stateless: every
 * request carries the token, and tasks live in the database as runs, so no session is needed and
 * any web process can answer any request). Tools are the person's offered workflows and agents;
 * calling one starts a run (a workflow run, or an agent conversation turn) and answers with its
 * output, sending `notifications/progress` per superstep and step while the call waits. A client
 * that asks for a task gets the run as one at once: task id = run id, `tasks/get` maps the run's
 * status and says where it is (the step running, or the approval waiting in the app), `tasks/list`
 * lists the person's runs started as tasks, `tasks/result` waits for the run's end on the event
 * log, `tasks/cancel` cancels the run.
 *
 * Progress of a task: the spec keeps the tools/call's `progressToken` valid for the task's
 * lifetime, but a stateless server can only speak on the stream of a request the client has open.
 * So the token is kept with the run, and every `tasks/result` that waits sends the run's progress
 * from then on with it (and the related-task `_meta`) on its own stream, whichever process answers
 * it, starting with where the run is now (what came before went unsent); a client that only polls
 * reads the same in `tasks/get`'s statusMessage. The same stream carries `notifications/tasks/status`
 * (where the MCP SDK's client listens for a task's status): the status when tasks/result starts to wait,
 * then each change (an approval asked or answered, the run's end). A session with a standalone GET stream would tie
 * the client to the one process holding that stream, and give nothing the tasks/result stream does
 * not. The progress value is the event's sequence number, so it increases across streams too (only
 * a tasks/result asked again with nothing new in between repeats the last value, in its first one).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  CancelTaskRequestSchema,
  ErrorCode,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  ListToolsRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
  type CallToolResult,
  type ProgressToken,
  type ServerNotification,
  type Task,
} from '@modelcontextprotocol/sdk/types.js'
import type { RunEvent } from '@/lib/contracts/run-events'
import { isTerminalStatus } from '@/lib/contracts/runs'
import { AGENTLOOM_VERSION } from '../agentloom-version'
import type { Principal } from '../auth/principal'
import { isDomainError } from '../domain-errors'
import type { Services } from '../services'
import { checkArguments, listOfferedTools, type OfferedTool } from './offered-tools'
import { followRun } from '../runs/events/run-follower'
import { currentStep, loadStepTitles, progressMessage, type StepTitles } from './run-progress'
import { loadRunTask, runToolResult, storableProgressToken, taskOf, taskProgressToken, type RunTaskRow } from './run-task'
import { listRunTasks } from './task-list'

export interface McpEndpointContext {
  services: Services
  principal: Principal
  /** The app's address, for the links in status messages (approvals are answered there). */
  baseUrl: string
}

const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true })

type SendNotification = (notification: ServerNotification) => Promise<void>

/**
 * Sends a progress notification with `progressToken` for each event run-progress.ts reports,
 * its sequence number as the progress; `taskId` for a task's (the related-task `_meta`).
 */
function progressSender(send: SendNotification, progressToken: ProgressToken, titleOf: StepTitles, baseUrl: string, taskId?: string) {
  const meta = taskId === undefined ? {} : { _meta: relatedTask(taskId) }
  return async (event: RunEvent) => {
    const message = progressMessage(event, titleOf, baseUrl)
    if (message === undefined) return
    await send({ method: 'notifications/progress', params: { progressToken, progress: event.sequence, message, ...meta } })
  }
}

const relatedTask = (taskId: string) => ({ [RELATED_TASK_META_KEY]: { taskId } })

/** The events after which a waiting task's status may differ: an approval asked or answered, the run's end. */
const TASK_STATUS_EVENTS: ReadonlySet<RunEvent['type']> = new Set(['approval_requested', 'approval_resolved', 'run_succeeded', 'run_failed', 'run_cancelled'])

/**
 * Sends `notifications/tasks/status` for the task as it is now (`now`), then again after each event that may change its
 * status when it did (`describe` reads the task: once per such event, not per event).
 */
async function taskStatusSender(send: SendNotification, now: Task, describe: () => Promise<Task>) {
  const notify = (task: Task) => send({ method: 'notifications/tasks/status', params: { ...task, _meta: relatedTask(task.taskId) } })
  await notify(now)
  let last = now.status
  return async (event: RunEvent) => {
    if (!TASK_STATUS_EVENTS.has(event.type)) return
    const task = await describe()
    if (task.status === last) return
    last = task.status
    await notify(task)
  }
}

export function createMcpEndpointServer(context: McpEndpointContext): Server {
  const { services, principal, baseUrl } = context
  const prisma = services.app.db.prisma
  const server = new Server(
    { name: 'agentloom', title: 'Agentloom', version: AGENTLOOM_VERSION },
    {
      capabilities: { tools: { listChanged: false }, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
      instructions: "The tools are this person's Agentloom workflows and agents offered as MCP tools. Approvals they raise are answered in Agentloom.",
    },
  )

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await listOfferedTools(prisma, principal.personalWorkspaceId)).map((offered) => offered.tool),
  }))

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params
    const [offered] = await listOfferedTools(prisma, principal.personalWorkspaceId, name)
    if (!offered) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`)
    let runId: string
    const progressToken = request.params._meta?.progressToken
    try {
      const started = await startRun(context, offered, args, { runNow: !request.params.task })
      if ('error' in started) return toolError(started.error)
      runId = started.runId
    } catch (error) {
      // What the app would answer with a 4xx (a workflow that cannot run, a conversation busy or not found) is the tool's error.
      if (isDomainError(error)) return toolError(error.message)
      throw error
    }
    if (request.params.task) {
      // Marked after the start (a run is queued by the runs and conversations services): the worker never reads these.
      const token = storableProgressToken(progressToken)
      await prisma.run.update({ where: { id: runId }, data: { mcpTask: true, ...(token === undefined ? {} : { mcpProgressToken: token }) } })
      return { task: taskOf(await loadRunTask(prisma, principal, runId), baseUrl) }
    }

    const onEvent =
      progressToken === undefined ? undefined : progressSender(extra.sendNotification, progressToken, await loadStepTitles(prisma, runId), baseUrl)
    await followRun(services.app, runId, { signal: extra.signal, onEvent })
    if (extra.signal.aborted) {
      // The caller went away: nobody else is waiting for this run.
      await services.runs.cancel(principal, runId).catch(() => undefined)
      throw new McpError(ErrorCode.ConnectionClosed, 'The request was cancelled.')
    }
    return runToolResult(await loadRunTask(prisma, principal, runId))
  })

  /** The run as a task, saying which step a working run is at. */
  const describeTask = async (run: RunTaskRow, titleOf?: StepTitles) =>
    taskOf(run, baseUrl, isTerminalStatus(run.status) ? undefined : await currentStep(prisma, run.id, titleOf ?? (await loadStepTitles(prisma, run.id))))

  server.setRequestHandler(GetTaskRequestSchema, async (request) => describeTask(await loadRunTask(prisma, principal, request.params.taskId)))

  server.setRequestHandler(ListTasksRequestSchema, async (request) => listRunTasks(prisma, principal, baseUrl, request.params?.cursor))

  server.setRequestHandler(GetTaskPayloadRequestSchema, async (request, extra) => {
    const { taskId } = request.params
    // Read before the status, so that an end coming between the two is among the events followed.
    const after = await services.app.events.lastSequence(taskId)
    let run: RunTaskRow = await loadRunTask(prisma, principal, taskId)
    if (!isTerminalStatus(run.status)) {
      // The task's status first, then where the run is (tasks/get says both; a client may listen for either).
      const sendStatus = await taskStatusSender(extra.sendNotification, taskOf(run, baseUrl), async () =>
        taskOf(await loadRunTask(prisma, principal, taskId), baseUrl),
      )
      const progressToken = taskProgressToken(run)
      let sendProgress: ((event: RunEvent) => Promise<void>) | undefined
      if (progressToken !== undefined) {
        const titleOf = await loadStepTitles(prisma, taskId)
        // Where the run is now comes first (the client may have missed what came before), with the last event's number.
        const { statusMessage } = await describeTask(run, titleOf)
        const now = {
          method: 'notifications/progress',
          params: { progressToken, progress: after, message: statusMessage, _meta: relatedTask(taskId) },
        } as const
        await extra.sendNotification(now)
        sendProgress = progressSender(extra.sendNotification, progressToken, titleOf, baseUrl, taskId)
      }
      const onEvent = async (event: RunEvent) => {
        await sendProgress?.(event)
        await sendStatus(event)
      }
      await followRun(services.app, taskId, { after, signal: extra.signal, onEvent })
      if (extra.signal.aborted) throw new McpError(ErrorCode.ConnectionClosed, 'The request was cancelled.')
      run = await loadRunTask(prisma, principal, taskId)
    }
    const result = runToolResult(run)
    return { ...result, _meta: { ...result._meta, ...relatedTask(taskId) } }
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

/** Starts the run the tool stands for (at once in this process when the caller waits for it, else queued); bad arguments are the tool's error (the caller can correct them). */
async function startRun(
  { services, principal }: McpEndpointContext,
  offered: OfferedTool,
  args: unknown,
  { runNow }: { runNow: boolean },
): Promise<{ runId: string } | { error: string }> {
  if (offered.kind === 'workflow') {
    const checked = checkArguments(offered.arguments, args)
    if (!checked.ok) return { error: `Invalid arguments for tool ${offered.tool.name}:\n${checked.message}` }
    const run = await services.runs.create(principal, { workflowId: offered.workflowId, input: checked.value.input }, { runNow })
    return { runId: run.id }
  }
  const checked = checkArguments(offered.arguments, args)
  if (!checked.ok) return { error: `Invalid arguments for tool ${offered.tool.name}:\n${checked.message}` }
  const { message, conversation_id: given } = checked.value
  if (given === undefined) return services.conversations.sendToNew(principal, offered.agentId, message, { runNow })
  const conversation = await services.conversations.get(principal, given)
  if (conversation.agentId !== offered.agentId) return { error: `Conversation '${given}' is not a conversation with this agent.` }
  return services.conversations.send(principal, given, message, { runNow })
}
