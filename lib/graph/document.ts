/**
 * The workflow document the canvas saves: nodes (a union discriminated by `kind`) and edges,
 * stamped with `schemaVersion`. Bump CURRENT_SCHEMA_VERSION only together with a migration in
 * migrate.ts and a fixture of the old shape in __fixtures__/valid.
 */
import { z } from 'zod'
import { NODE_KIND_DEFINITIONS, type NodeData } from './node-kinds'
import { NODE_KINDS, type NodeKind } from './node-kinds/definition'

export const CURRENT_SCHEMA_VERSION = 1

export const PositionSchema = z.object({ x: z.number().finite(), y: z.number().finite() })
export type Position = z.infer<typeof PositionSchema>

const nodeId = z.string().min(1).max(100)

function nodeSchema<K extends NodeKind>(kind: K) {
  return z.object({
    id: nodeId,
    kind: z.literal(kind),
    position: PositionSchema,
    data: NODE_KIND_DEFINITIONS[kind].dataSchema as (typeof NODE_KIND_DEFINITIONS)[K]['dataSchema'],
  })
}

type NodeSchemas<Kinds extends readonly NodeKind[]> = { -readonly [I in keyof Kinds]: ReturnType<typeof nodeSchema<Kinds[I]>> }

// Mapped over NODE_KINDS with its tuple type kept, so that zod infers the discriminated union and a new kind needs no line here.
export const GraphNodeSchema = z.discriminatedUnion('kind', NODE_KINDS.map(nodeSchema) as unknown as NodeSchemas<typeof NODE_KINDS>)

/** A node of a given kind, e.g. `GraphNodeOf<'agent'>`. */
export interface GraphNodeOf<K extends NodeKind> {
  id: string
  kind: K
  position: Position
  data: NodeData<K>
}
export type GraphNode = { [K in NodeKind]: GraphNodeOf<K> }[NodeKind]

export const GraphEdgeSchema = z.object({
  id: z.string().min(1).max(200),
  source: nodeId,
  target: nodeId,
  /** For condition nodes: the case id, or 'default'. */
  sourceHandle: z.string().min(1).max(100).optional(),
  targetHandle: z.string().min(1).max(100).optional(),
  /** CEL over `input`; the message passes the edge only when it evaluates to true. */
  condition: z.string().max(4_000).optional(),
})
export type GraphEdge = z.infer<typeof GraphEdgeSchema>

export const GraphDocumentSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  nodes: z.array(GraphNodeSchema).max(2_000),
  edges: z.array(GraphEdgeSchema).max(10_000),
})

export interface GraphDocument {
  schemaVersion: typeof CURRENT_SCHEMA_VERSION
  nodes: GraphNode[]
  edges: GraphEdge[]
}

// Compile-time check that the hand-written GraphDocument matches what the schema produces.
type SchemaOutput = z.output<typeof GraphDocumentSchema>
const _documentMatchesSchema: (doc: SchemaOutput) => GraphDocument = (doc) => doc
void _documentMatchesSchema

export function isNodeKind(value: unknown): value is NodeKind {
  return typeof value === 'string' && (NODE_KINDS as readonly string[]).includes(value)
}

export function isNodeOfKind<K extends NodeKind>(node: GraphNode, kind: K): node is Extract<GraphNode, { kind: K }> {
  return node.kind === kind
}

/** An empty document holding only a start and an output node, connected. */
export function starterDocument(): GraphDocument {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: '' } },
      { id: 'output', kind: 'output', position: { x: 320, y: 0 }, data: {} },
    ],
    edges: [{ id: 'start->output', source: 'start', target: 'output' }],
  }
}
