/**
 * How each node kind becomes a lib/core executor, keyed by kind like its definition
 * (node-kinds/<kind>.ts): the `satisfies` makes a kind without a compiler a compile error. Kept
 * apart from the definitions because it needs lib/core's Node entry point, which the browser,
 * validating with the definitions, must not load. The executors themselves live by concern:
 * node-executors.ts, agent-nodes.ts, orchestration-executors.ts, sub-workflow.ts.
 */
import type { Executor, Workflow } from '@/lib/core'
import type { GraphDocument, GraphNodeOf } from '../document'
import type { NodeKind } from '../node-kinds/definition'
import { agentNodeExecutor, savedAgentNodeExecutor } from './agent-nodes'
import { fanInExecutor, humanInputExecutor, outputExecutor, passThroughExecutor, startExecutor, transformExecutor } from './node-executors'
import { concurrentWorkflow, groupChatWorkflow, handoffWorkflow, magenticWorkflow, orchestrationExecutor, sequentialWorkflow } from './orchestration-executors'
import type { CompileOptions, CompileRegistry } from './registry'
import { subWorkflowExecutor } from './sub-workflow'

export interface NodeCompileContext {
  registry: CompileRegistry
  options: CompileOptions
  /** The node in error messages: `agent node "Writer"`. */
  where: string
  /** compile() itself, for the workflows a sub-workflow node runs (handed in: compile.ts imports this module). */
  compile: (document: GraphDocument, registry: CompileRegistry, options?: CompileOptions) => Workflow
}

export type NodeCompiler<K extends NodeKind> = (node: GraphNodeOf<K>, context: NodeCompileContext) => Executor

export const NODE_COMPILERS = {
  start: startExecutor,
  agent: (node, { registry, where }) => agentNodeExecutor(node.id, node.data, registry, { where, apiKey: registry.agentApiKey?.(node.id) }),
  agent_ref: (node, { registry, where }) => savedAgentNodeExecutor(node, registry, where),
  condition: passThroughExecutor,
  fan_out: passThroughExecutor,
  fan_in: fanInExecutor,
  transform: transformExecutor,
  human_input: humanInputExecutor,
  output: outputExecutor,
  sub_workflow: (node, { registry, options, compile }) => subWorkflowExecutor(node, registry, { ...options, compile }),
  sequential: (node, { registry }) => orchestrationExecutor(node, sequentialWorkflow(node, registry)),
  concurrent: (node, { registry }) => orchestrationExecutor(node, concurrentWorkflow(node, registry)),
  group_chat: (node, { registry }) => orchestrationExecutor(node, groupChatWorkflow(node, registry)),
  magentic: (node, { registry }) => orchestrationExecutor(node, magenticWorkflow(node, registry)),
  handoff: (node, { registry }) => orchestrationExecutor(node, handoffWorkflow(node, registry)),
} satisfies { [K in NodeKind]: NodeCompiler<K> }

/** The compiler of a node's kind, typed for any node (its kind is known only at run time). */
export function nodeCompiler(kind: NodeKind): NodeCompiler<NodeKind> {
  return NODE_COMPILERS[kind] as NodeCompiler<NodeKind>
}
