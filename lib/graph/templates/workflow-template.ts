/**
 * A workflow template: a document to start from, with what the gallery shows of it. Templates are
 * written as plain data and parsed through the document schema, so that each node gets its
 * defaults exactly as a file typed by hand would (workflow-templates.test.ts checks each parses).
 */
import { CURRENT_SCHEMA_VERSION, type GraphDocument } from '../document'
import { migrateGraphDocument } from '../migrate'

export type TemplateCategory = 'orchestration' | 'approval'

export interface WorkflowTemplate {
  /** Stable, used in the address (`/workflows/new?template=<id>`). */
  id: string
  title: string
  description: string
  category: TemplateCategory
  tags: readonly string[]
  /** An input that shows the template at work on the demo model (also the start node's hint). */
  sampleInput: string
  /** The MCP servers it uses; a fresh install has `research-assistant`. */
  mcpServerIds: readonly string[]
  document: GraphDocument
}

/** A node as a template writes it: data may leave out whatever has a default. */
export interface TemplateNode {
  id: string
  kind: string
  data?: Record<string, unknown>
}

const COLUMN_WIDTH = 320

/**
 * A document whose nodes run left to right in the order given, each connected to the next:
 * what every template is, so each file says only what its nodes are.
 */
export function chainDocument(nodes: readonly TemplateNode[]): unknown {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    nodes: nodes.map((node, index) => ({ id: node.id, kind: node.kind, position: { x: index * COLUMN_WIDTH, y: 0 }, data: node.data ?? {} })),
    edges: nodes.slice(1).map((node, index) => ({ id: `${nodes[index]!.id}->${node.id}`, source: nodes[index]!.id, target: node.id })),
  }
}

/** An agent's settings on the model the server picks: the demo model unless an OpenAI key is configured. */
export function agentSettings(name: string, instructions: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, instructions, model: { provider: 'default' }, ...extra }
}

/** A participant of an orchestration node: an agent with an id. */
export function participant(id: string, name: string, instructions: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, ...agentSettings(name, instructions, extra) }
}

export function defineTemplate(template: Omit<WorkflowTemplate, 'document'> & { document: unknown }): WorkflowTemplate {
  return { ...template, document: migrateGraphDocument(template.document) }
}

/** The gallery's small preview: each node in order, in words ("Sequential: 2 agents"). */
export function templateOutline(document: GraphDocument): string[] {
  return document.nodes.map((node) => {
    const kind = node.kind.replace(/_/g, ' ')
    const name = kind.charAt(0).toUpperCase() + kind.slice(1)
    if (node.kind === 'agent') return `Agent: ${node.data.name}`
    const agents = 'participants' in node.data ? node.data.participants.length : 0
    return agents > 0 ? `${name}: ${agents} agents` : name
  })
}
