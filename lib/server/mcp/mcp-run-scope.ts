/**
 * Which run a shared MCP connection works for at a given moment. A shared tool
 * (mcp-connection-pool.ts) belongs to no run, yet what it observes during a tool call — the
 * statuses of a long-running task — belongs to the run that made the call: it goes to that run's
 * log, and the task must be reachable by that run's Cancel. lib/core reports statuses from inside
 * `callTool`'s own async chain (task-lifecycle.ts), so the scope the run entered around its
 * execution is the one in effect there.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { MCPTaskStatusEvent, MCPTool } from '@/lib/core'
import type { AppContext } from '../app-context'
import { recordTaskStatuses, type TaskStatusSink } from './mcp-task-events'

export interface McpRunScopeContext {
  app: AppContext
  runId: string
  /** The run's signal: once it fires, what the tools still report is not the run's. */
  signal: AbortSignal
  /** The run's recorder; default: straight to the run's log. */
  taskStatusSink?: TaskStatusSink
}

type StatusListener = (event: MCPTaskStatusEvent) => void

class McpRunScope {
  /** One recording per server, so that its statuses are appended in order. */
  private readonly listeners = new Map<string, StatusListener>()

  constructor(private readonly context: McpRunScopeContext) {}

  taskStatusListener(server: { id: string; name: string }, tool: MCPTool): StatusListener {
    let listener = this.listeners.get(server.id)
    if (!listener) {
      const { app, runId, signal, taskStatusSink } = this.context
      listener = recordTaskStatuses({ app, runId, server, signal, tool: () => tool, sink: taskStatusSink })
      this.listeners.set(server.id, listener)
    }
    return listener
  }
}

const runScopes = new AsyncLocalStorage<McpRunScope>()

/** Runs `work` as the run's: shared connections report what they observe meanwhile to this run. */
export function runAsMcpRun<T>(context: McpRunScopeContext, work: () => T): T {
  return runScopes.run(new McpRunScope(context), work)
}

/**
 * The `onTaskStatus` of a shared tool: each status goes to the run whose call it belongs to. A
 * status outside any run (nothing calls a shared tool so) has nowhere to go and is dropped.
 */
export function statusesToCallingRun(server: { id: string; name: string }, tool: () => MCPTool): StatusListener {
  return (event) => runScopes.getStore()?.taskStatusListener(server, tool())(event)
}
