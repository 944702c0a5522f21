/**
 * What a node kind is, in one place: its data (schema with defaults), its connection points, its
 * checks, what it refers to outside the document and how it is written as TypeScript. One module
 * per kind (`node-kinds/<kind>.ts`) exports a NodeKindDefinition; index.ts collects them in a record
 * keyed by kind, so a kind without a definition, or a definition without a part, fails to compile.
 *
 * Browser-safe (the canvas validates with it): nothing here reaches lib/core's Node entry point.
 * Turning a node into an executor needs that entry point, so it lives beside compile()
 * (compile/node-compilers.ts), in a record keyed by kind as well.
 */
import type { z } from 'zod'
import type { AgentSettings } from '../agent-settings'
import type { GraphProblem } from '../problems'

export const NODE_KINDS = [
  'start',
  'agent',
  'agent_ref',
  'condition',
  'fan_out',
  'fan_in',
  'transform',
  'human_input',
  'output',
  'sub_workflow',
  'sequential',
  'concurrent',
  'group_chat',
  'magentic',
  'handoff',
] as const

export type NodeKind = (typeof NODE_KINDS)[number]

export const ORCHESTRATION_KINDS = ['sequential', 'concurrent', 'group_chat', 'magentic', 'handoff'] as const
export type OrchestrationKind = (typeof ORCHESTRATION_KINDS)[number]

export function isOrchestrationKind(kind: NodeKind): kind is OrchestrationKind {
  return (ORCHESTRATION_KINDS as readonly string[]).includes(kind)
}

export interface HandleSpec {
  /** undefined for a node's single unnamed handle. */
  id: string | undefined
  label?: string
}

/** An edge as a kind's checks see it (a document edge has this shape). */
export interface NodeEdge {
  id: string
  source: string
  target: string
  sourceHandle?: string
  condition?: string
}

/** The node's place in the document, for checks that look at its edges. */
export interface NodeSurroundings {
  incoming: readonly NodeEdge[]
  outgoing: readonly NodeEdge[]
  kindOf(nodeId: string): NodeKind | undefined
}

/** Another saved thing a node names: a saved agent or a sub-workflow, by id and version (undefined: the latest). */
export interface SavedReference {
  id: string
  version: number | undefined
}

/** What a node names outside the document. Agent settings carry MCP servers, function tools and skills. */
export interface NodeReferences {
  /** Agent settings written into the node (an agent, participants, a manager), with who they are in messages. */
  agents: Array<{ settings: AgentSettings; who: string }>
  savedAgents: SavedReference[]
  subWorkflows: SavedReference[]
}

/**
 * How the node is written in an exported TypeScript file: an expression of the exported runtime
 * (`id` is already a string literal), or, for what exists only in the app, why it cannot be.
 */
export type TypeScriptExport = { expression: string } | { appOnly: string }

export interface NodeKindDefinition<K extends NodeKind, S extends z.ZodType = z.ZodType> {
  kind: K
  /** Fills every default, so an older or hand-written document parses into complete data. */
  dataSchema: S
  /** False for a node nothing can lead into (the start). */
  hasInput: boolean
  /** Its outputs; an edge leaving a node whose handles have ids must name one of them. */
  sourceHandles(data: z.output<S>): HandleSpec[]
  /** The node's own checks (structure of the whole graph is validate.ts's). */
  validate(node: { id: string; data: z.output<S> }, around: NodeSurroundings): GraphProblem[]
  references(node: { id: string; data: z.output<S> }): NodeReferences
  exportTypeScript(id: string, data: z.output<S>): TypeScriptExport
}

/** A node's references, none unless given. */
export function references(parts: Partial<NodeReferences> = {}): NodeReferences {
  return { agents: [], savedAgents: [], subWorkflows: [], ...parts }
}

/** The one unnamed output most kinds have. */
export function singleOutput(): HandleSpec[] {
  return [{ id: undefined }]
}

export function noProblems(): GraphProblem[] {
  return []
}
