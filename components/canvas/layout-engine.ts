/**
 * Where the auto layout runs. In the browser, in a worker (auto-layout.worker.ts): elkjs takes seconds for a
 * 1,000-node graph, and on the main thread the editor froze for them. Where there is no `Worker` (Node, tests), or
 * one cannot be started, on the calling thread, loaded on first use.
 */
import type { ElkNode } from 'elkjs/lib/elk-api'

export interface LayoutEngine {
  layout(graph: ElkNode): Promise<ElkNode>
}

export interface LayoutRequest {
  id: number
  graph: ElkNode
}

export type LayoutReply = { id: number; graph: ElkNode } | { id: number; error: string }

let engine: LayoutEngine | undefined

export function layoutEngine(): LayoutEngine {
  engine ??= typeof Worker === 'function' ? new WorkerLayoutEngine() : new InThreadLayoutEngine()
  return engine
}

class InThreadLayoutEngine implements LayoutEngine {
  private elk: Promise<{ layout(graph: ElkNode): Promise<ElkNode> }> | undefined

  layout(graph: ElkNode): Promise<ElkNode> {
    this.elk ??= import('elkjs/lib/elk.bundled.js').then((module) => new module.default())
    return this.elk.then((elk) => elk.layout(graph))
  }
}

/** One worker, started on the first layout and kept for the next (elkjs takes a moment to start); a crashed one is replaced. */
class WorkerLayoutEngine implements LayoutEngine {
  private worker: Worker | undefined
  private nextId = 0
  private readonly pending = new Map<number, { resolve: (graph: ElkNode) => void; reject: (error: Error) => void }>()
  private fallback: InThreadLayoutEngine | undefined

  layout(graph: ElkNode): Promise<ElkNode> {
    const worker = this.startedWorker()
    if (!worker) {
      this.fallback ??= new InThreadLayoutEngine()
      return this.fallback.layout(graph)
    }
    const id = this.nextId++
    return new Promise<ElkNode>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.postMessage({ id, graph } satisfies LayoutRequest)
    })
  }

  private startedWorker(): Worker | undefined {
    if (this.worker) return this.worker
    try {
      this.worker = new Worker(new URL('./auto-layout.worker.ts', import.meta.url))
    } catch {
      // A page policy that forbids workers: lay out on this thread rather than not at all.
      return undefined
    }
    this.worker.onmessage = (event: MessageEvent<LayoutReply>) => this.settle(event.data)
    this.worker.onerror = (event) => this.fail(new Error(`The layout worker stopped: ${event.message || 'it could not be loaded.'}`))
    return this.worker
  }

  private settle(reply: LayoutReply): void {
    const waiting = this.pending.get(reply.id)
    if (!waiting) return
    this.pending.delete(reply.id)
    if ('error' in reply) waiting.reject(new Error(reply.error))
    else waiting.resolve(reply.graph)
  }

  private fail(error: Error): void {
    this.worker?.terminate()
    this.worker = undefined
    for (const { reject } of this.pending.values()) reject(error)
    this.pending.clear()
  }
}
