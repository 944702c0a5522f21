/**
 * What the UI half of a node kind says (node-kinds/<kind>.ts, beside lib/graph/node-kinds/<kind>.ts): its palette
 * entry, its node's title and summary, its inspector fields. Data schemas and handles come from lib/graph, so the
 * canvas cannot drift from what compile() runs.
 */
import type { z } from 'zod'
import { sourceHandles, targetHandles, type HandleSpec } from '@/lib/graph/handles'
import { NODE_DATA_SCHEMAS, defaultNodeData, type NodeData, type NodeKind } from '@/lib/graph/node-data'
import type { InspectorField } from '../inspector-fields'

export type NodeCategory = 'flow' | 'agents' | 'logic' | 'orchestrations'

export const CATEGORY_LABELS: Record<NodeCategory, string> = {
  flow: 'Flow',
  agents: 'Agents',
  logic: 'Logic',
  orchestrations: 'Orchestrations',
}

/** Tailwind classes for a kind's icon chip; muted tints so the one accent colour stays the UI's. */
export interface NodeTone {
  icon: string
  border: string
}

export interface NodeDefinition<K extends NodeKind = NodeKind> {
  kind: K
  label: string
  description: string
  category: NodeCategory
  /** SVG path data on a 24×24 stroke icon. */
  icon: string
  tone: NodeTone
  schema: z.ZodType<NodeData<K>>
  defaultData: () => NodeData<K>
  /** Only one node of this kind per workflow (the start). */
  singleton?: boolean
  title: (data: NodeData<K>) => string
  /** Short lines shown on the node under its title. */
  summary: (data: NodeData<K>) => string[]
  inputs: (data: NodeData<K>) => HandleSpec[]
  outputs: (data: NodeData<K>) => HandleSpec[]
  fields: InspectorField[]
}

export type NodeRegistry = { [K in NodeKind]: NodeDefinition<K> }

const tones = {
  flow: { icon: 'bg-zinc-100 text-zinc-700', border: 'border-zinc-300' },
  agents: { icon: 'bg-indigo-50 text-indigo-600', border: 'border-indigo-200' },
  logic: { icon: 'bg-amber-50 text-amber-700', border: 'border-amber-200' },
  orchestrations: { icon: 'bg-violet-50 text-violet-700', border: 'border-violet-200' },
} satisfies Record<NodeCategory, NodeTone>

export function truncate(text: string, length = 48): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > length ? `${line.slice(0, length - 1)}…` : line
}

export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

type Base<K extends NodeKind> = Omit<NodeDefinition<K>, 'kind' | 'schema' | 'defaultData' | 'inputs' | 'outputs' | 'tone' | 'title'> & {
  title?: (data: NodeData<K>) => string
}

export function define<K extends NodeKind>(kind: K, base: Base<K>): NodeDefinition<K> {
  return {
    kind,
    schema: NODE_DATA_SCHEMAS[kind] as unknown as z.ZodType<NodeData<K>>,
    defaultData: () => defaultNodeData(kind),
    inputs: () => targetHandles({ kind }),
    outputs: (data) => sourceHandles({ kind, data } as Parameters<typeof sourceHandles>[0]),
    tone: tones[base.category],
    ...base,
    title: base.title ?? ((data) => (data as { label?: string }).label || base.label),
  }
}

export function participantsSummary(data: { participants: Array<{ name: string; id: string }> }): string[] {
  if (data.participants.length === 0) return ['No participants yet']
  return [truncate(data.participants.map((p) => p.name || p.id).join(', '))]
}

export const participantsField: InspectorField = { type: 'participants', id: 'participants', label: 'Participants', path: ['participants'] }
