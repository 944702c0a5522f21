/**
 * Orchestration nodes (sequential, concurrent, group chat, magentic, handoff) build their agents
 * from the inline participant settings and run lib/core's orchestration as a nested workflow.
 */
import type { Executor } from '@/lib/core/workflows/executor'
import type { GraphNode } from '../document'
import { GraphCompileError } from '../errors'
import type { OrchestrationKind } from '../node-data'
import type { CompileRegistry } from './registry'

type OrchestrationNode = Extract<GraphNode, { kind: OrchestrationKind }>

export function orchestrationExecutor(node: OrchestrationNode, registry: CompileRegistry): Executor {
  void registry
  throw new GraphCompileError(`The ${node.kind} orchestration cannot run yet.`)
}
