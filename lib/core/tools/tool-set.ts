/**
 * The live tool list of one agent run. Tools and providers given to the agent are resolved into a
 * name → FunctionTool map at the start of every iteration (providers' lists may change between
 * iterations); `addTools` / `removeTools` from middleware or tools are queued and applied at the next
 * refresh, so a batch of parallel calls always sees one consistent list.
 */
import { AgentConfigurationError } from '../errors'
import { FunctionTool } from './function-tool'
import { isToolProvider, type ToolLike } from './tool-provider'

type PendingChange = { kind: 'add'; items: ToolLike[] } | { kind: 'remove'; names: string[] }

export class RunToolSet {
  private readonly items: ToolLike[]
  private readonly removedNames = new Set<string>()
  private pending: PendingChange[] = []
  private resolved: FunctionTool[] = []
  private byName = new Map<string, FunctionTool>()

  constructor(items: readonly ToolLike[] = []) {
    for (const item of items) assertToolLike(item)
    this.items = [...items]
    this.refresh()
  }

  /** The tools of the current iteration. */
  get current(): FunctionTool[] {
    return this.resolved
  }

  lookup(name: string): FunctionTool | undefined {
    return this.byName.get(name)
  }

  /** Queues tools (or providers) to offer from the next iteration on. */
  addTools(...tools: ToolLike[]): void {
    for (const item of tools) assertToolLike(item)
    this.pending.push({ kind: 'add', items: tools })
  }

  /** Queues tools to withdraw from the next iteration on (by name or instance; also hides providers' tools). */
  removeTools(...tools: Array<FunctionTool | string>): void {
    this.pending.push({ kind: 'remove', names: tools.map((t) => (typeof t === 'string' ? t : t.name)) })
  }

  /** Applies queued changes and re-reads providers; called at the start of each iteration. */
  refresh(): void {
    if (this.pending.length > 0) this.applyPending()
    const byName = new Map<string, FunctionTool>()
    const resolved: FunctionTool[] = []
    const offer = (tool: FunctionTool) => {
      if (this.removedNames.has(tool.name)) return
      const existing = byName.get(tool.name)
      if (existing === tool) return
      if (existing) {
        throw new AgentConfigurationError(`Duplicate tool name "${tool.name}": tool names must be unique within a run.`)
      }
      byName.set(tool.name, tool)
      resolved.push(tool)
    }
    for (const item of this.items) {
      if (item instanceof FunctionTool) offer(item)
      else for (const tool of item.functions) offer(tool)
    }
    this.resolved = resolved
    this.byName = byName
  }

  private applyPending(): void {
    for (const change of this.pending) {
      if (change.kind === 'add') {
        for (const item of change.items) {
          if (!this.items.includes(item)) this.items.push(item)
          if (item instanceof FunctionTool) this.removedNames.delete(item.name)
          else for (const tool of item.functions) this.removedNames.delete(tool.name)
        }
      } else {
        for (const name of change.names) {
          this.removedNames.add(name)
          const index = this.items.findIndex((item) => item instanceof FunctionTool && item.name === name)
          if (index >= 0) this.items.splice(index, 1)
        }
      }
    }
    this.pending = []
  }
}

/** Throws unless `item` is a FunctionTool or a tool provider. */
export function assertToolLike(item: unknown): asserts item is ToolLike {
  if (!(item instanceof FunctionTool) && !isToolProvider(item)) {
    throw new AgentConfigurationError('Tools must be FunctionTools (see tool()) or tool providers (objects with a `functions` array).')
  }
}
