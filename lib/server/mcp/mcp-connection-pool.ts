/**
 * The MCP connections this process keeps open between runs, one per server that allows it
 * (`shareConnection`), so that a run does not spawn, initialize and list a server anew. One pool
 * per process, owned by the AppContext (`app.mcpPool`).
 *
 * An entry is named by the server's row (ids are unique per owner only) and its row's `updatedAt`: any change to the server (its
 * configuration, its secrets) makes a new entry, and the entry it supersedes closes as soon as its
 * last run gives it back. Entries are counted by their users; one nobody uses closes after an idle
 * time. Runs asking at the same moment share one connect; a failed connect is forgotten at once,
 * so the next run tries again; a connection found broken is given up on, so the next run connects
 * anew (a tool call on a connection that breaks meanwhile reconnects once, inside lib/core's MCPTool).
 *
 * Stdio servers are child processes: closing the pool ends them, and so does this process's exit,
 * whether or not anyone closed the pool (a server that ignores the end of its stdin would outlive us).
 */
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { z } from 'zod'
import { AbortError, abortable, type MCPTool } from '@/lib/core'
import { PG_INT_MAX } from '@/lib/contracts/safe-text'

export const DEFAULT_MCP_IDLE_MS = 60_000

const idleMsSchema = z.coerce.number().int().min(0).max(PG_INT_MAX)

/** AGENTLOOM_MCP_IDLE_MS: how long an unused shared connection stays open; a bad value is reported and the default used. */
export function mcpIdleMsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, logger: Pick<Console, 'warn'> = console): number {
  const raw = env.AGENTLOOM_MCP_IDLE_MS
  if (raw === undefined || raw.trim() === '') return DEFAULT_MCP_IDLE_MS
  const parsed = idleMsSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  logger.warn(`[mcp] AGENTLOOM_MCP_IDLE_MS must be a whole number of milliseconds from 0 to ${PG_INT_MAX}, not '${raw}'; using ${DEFAULT_MCP_IDLE_MS}.`)
  return DEFAULT_MCP_IDLE_MS
}

/** What names a shared connection: the server, as configured at one moment. */
export interface PooledServer {
  id: string
  /** The server's row: two owners' servers of one id are two servers. Without it, the id names it. */
  rowId?: string
  updatedAt: Date
}

/** A run's use of a shared connection. */
export interface McpConnectionLease {
  readonly tool: MCPTool
  /** Gives the connection back (once; later calls do nothing). */
  release(): void
}

export interface AcquireOptions {
  /** Creates and connects the tool. It outlives the run that asked first, so no run's signal may stop it. */
  open: () => Promise<MCPTool>
  /** The acquiring run's signal: it stops this run's wait for a connect under way, not the connect. */
  signal?: AbortSignal
}

interface PoolEntry {
  /** The server's row (or id), for `current`. */
  key: string
  serverId: string
  version: number
  /** Settles once the connect does; rejects when it fails. */
  ready: Promise<MCPTool>
  /** Set once connected. */
  tool?: MCPTool
  users: number
  /** Superseded, broken, or the pool closed: it closes when its last user leaves. */
  retired: boolean
  idleTimer?: ReturnType<typeof setTimeout>
  closing?: Promise<void>
  /** The stdio child's pid when closing began (the SDK forgets it then), for the exit hook. */
  lastPid?: number
}

export class McpConnectionPool {
  private readonly idleMs: number
  /** The entry each server's new runs get. */
  private readonly current = new Map<string, PoolEntry>()
  /** Every entry not yet closed (current, retired but in use, or closing). */
  private readonly open = new Set<PoolEntry>()
  private readonly onExit = () => this.killChildren()

  constructor({ idleMs = DEFAULT_MCP_IDLE_MS }: { idleMs?: number } = {}) {
    this.idleMs = idleMs
  }

  async acquire(server: PooledServer, { open, signal }: AcquireOptions): Promise<McpConnectionLease> {
    if (signal?.aborted) throw new AbortError()
    const entry = this.entryFor(server, open)
    entry.users += 1
    clearTimeout(entry.idleTimer)
    entry.idleTimer = undefined
    try {
      const tool = await abortable(entry.ready, signal) // stops this run's wait, not the connect
      let released = false
      return {
        tool,
        release: () => {
          if (released) return
          released = true
          this.leave(entry)
        },
      }
    } catch (error) {
      this.leave(entry)
      throw error
    }
  }

  /** How many connections are open or opening, and how many of them runs are using (for tests and diagnostics). */
  stats(): { open: number; inUse: number } {
    const live = [...this.open].filter((entry) => !entry.closing)
    return { open: live.length, inUse: live.filter((entry) => entry.users > 0).length }
  }

  /** Closes every connection now, in use or not (the runs using them are being stopped). A later acquire connects anew. */
  async close(): Promise<void> {
    this.current.clear()
    await Promise.all([...this.open].map((entry) => this.closeEntry(entry)))
  }

  private entryFor(server: PooledServer, open: () => Promise<MCPTool>): PoolEntry {
    const version = server.updatedAt.getTime()
    const key = server.rowId ?? server.id
    const existing = this.current.get(key)
    if (existing && existing.version === version && !isBroken(existing)) return existing
    // The run read the server before someone changed it: it gets a connection of its own, closed after it.
    if (existing && existing.version > version) return this.createEntry(key, server.id, version, open, true)
    if (existing) this.retire(existing)
    const entry = this.createEntry(key, server.id, version, open, false)
    this.current.set(key, entry)
    return entry
  }

  private createEntry(key: string, serverId: string, version: number, open: () => Promise<MCPTool>, retired: boolean): PoolEntry {
    const entry: PoolEntry = { key, serverId, version, users: 0, retired, ready: open() }
    entry.ready = entry.ready.then(
      (tool) => {
        entry.tool = tool
        return tool
      },
      (error: unknown) => {
        // Not kept: the next run tries again (open() cleans up its own failed tool).
        entry.retired = true
        entry.closing = Promise.resolve()
        if (this.current.get(key) === entry) this.current.delete(key)
        this.forget(entry)
        throw error
      },
    )
    entry.ready.catch(() => {}) // each acquirer sees the failure through its own await
    if (this.open.size === 0) process.once('exit', this.onExit)
    this.open.add(entry)
    return entry
  }

  private retire(entry: PoolEntry): void {
    entry.retired = true
    if (this.current.get(entry.key) === entry) this.current.delete(entry.key)
    if (entry.users === 0) void this.closeEntry(entry)
  }

  private leave(entry: PoolEntry): void {
    entry.users -= 1
    if (entry.users > 0 || entry.closing) return
    if (entry.retired || isBroken(entry)) return this.retire(entry)
    entry.idleTimer = setTimeout(() => this.retire(entry), this.idleMs)
    // An idle connection must not keep the process alive; the exit hook ends its server.
    entry.idleTimer.unref()
  }

  private closeEntry(entry: PoolEntry): Promise<void> {
    entry.retired = true
    clearTimeout(entry.idleTimer)
    if (this.current.get(entry.key) === entry) this.current.delete(entry.key)
    entry.closing ??= entry.ready.then(
      async (tool) => {
        entry.lastPid = stdioPid(tool)
        await tool
          .close()
          .catch((error: unknown) =>
            console.warn(`[mcp] closing the shared connection to '${entry.serverId}' failed:`, error instanceof Error ? error.message : error),
          )
        this.forget(entry)
      },
      () => {}, // a failed connect forgot its entry already
    )
    return entry.closing
  }

  private forget(entry: PoolEntry): void {
    this.open.delete(entry)
    if (this.open.size === 0) process.removeListener('exit', this.onExit)
  }

  /** Synchronous (the 'exit' event): ends every stdio server this pool started that may still run. */
  private killChildren(): void {
    for (const entry of this.open) {
      const pid = (entry.tool && stdioPid(entry.tool)) ?? entry.lastPid
      if (pid === undefined) continue
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // Gone already.
      }
    }
  }
}

/** A connection whose session ended (a stdio server that exited) and that no call has re-established. */
function isBroken(entry: PoolEntry): boolean {
  return entry.tool !== undefined && !entry.tool.isConnected
}

function stdioPid(tool: MCPTool): number | undefined {
  const transport = tool.sdkClient?.transport
  return transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined
}
