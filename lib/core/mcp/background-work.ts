import { raceAbort } from '../abort'
import type { MCPLogger } from './logger'

/** Fire-and-forget work an MCPTool must still let finish (bounded) before it closes. */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>()

  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    )
    this.pending.add(settled)
    void settled.then(() => this.pending.delete(settled))
  }

  /** Waits for everything tracked so far, at most `timeoutMs`. */
  async settle(timeoutMs: number): Promise<void> {
    if (this.pending.size === 0) return
    await raceAbort(Promise.all([...this.pending]), AbortSignal.timeout(timeoutMs)).catch(() => {})
  }
}

export type ReloadKind = 'tools' | 'prompts'

export interface ReloadSchedulerOptions {
  background: BackgroundWork
  logger: MCPLogger
  enabled: (kind: ReloadKind) => boolean
  reload: (kind: ReloadKind, signal: AbortSignal) => Promise<void>
}

/**
 * Reloads on list_changed notifications run in the background: awaiting a request inside the
 * SDK's message handler would deadlock its receive path. A newer notification cancels and
 * replaces a pending reload of the same kind.
 */
export class ReloadScheduler {
  private readonly pending = new Map<ReloadKind, AbortController>()

  constructor(private readonly options: ReloadSchedulerOptions) {}

  schedule(kind: ReloadKind): void {
    if (!this.options.enabled(kind)) return
    this.pending.get(kind)?.abort()
    const controller = new AbortController()
    this.pending.set(kind, controller)
    const reload = this.options
      .reload(kind, controller.signal)
      .catch(() => {
        if (!controller.signal.aborted) this.options.logger.warn('Background MCP reload failed')
      })
      .finally(() => {
        if (this.pending.get(kind) === controller) this.pending.delete(kind)
      })
    this.options.background.track(reload)
  }

  cancelAll(): void {
    for (const controller of this.pending.values()) controller.abort()
    this.pending.clear()
  }
}
