/**
 * One entry per node kind — the single description that the palette, the node components, the
 * inspector, the validation display and the adapter all read; the UI half of a kind, whose lib/graph
 * half is lib/graph/node-kinds/<kind>.ts. `satisfies NodeRegistry` makes a missing kind a compile error.
 * Data schemas and handles come from lib/graph, so the canvas cannot drift from what compile() runs.
 */
import type { z } from 'zod'
import { sourceHandles, targetHandles, type HandleSpec } from '@/lib/graph/handles'
import { NODE_DATA_SCHEMAS, NODE_KINDS, defaultNodeData, type NodeData, type NodeKind } from '@/lib/graph/node-data'
import { agentSettingsFields, labelField, type InspectorField } from './inspector-fields'

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

function truncate(text: string, length = 48): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > length ? `${line.slice(0, length - 1)}…` : line
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

type Base<K extends NodeKind> = Omit<NodeDefinition<K>, 'kind' | 'schema' | 'defaultData' | 'inputs' | 'outputs' | 'tone' | 'title'> & {
  title?: (data: NodeData<K>) => string
}

function define<K extends NodeKind>(kind: K, base: Base<K>): NodeDefinition<K> {
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

function agentSummary(data: NodeData<'agent'>): string[] {
  const lines = [data.instructions ? truncate(data.instructions) : 'No instructions yet']
  const model = data.model.model ?? (data.model.provider === 'default' ? 'default model' : data.model.provider)
  const tools = data.mcpServerIds.length + data.functionTools.length
  lines.push(tools > 0 ? `${model} · ${count(tools, 'tool source')}` : model)
  return lines
}

function participantsSummary(data: { participants: Array<{ name: string; id: string }> }): string[] {
  if (data.participants.length === 0) return ['No participants yet']
  return [truncate(data.participants.map((p) => p.name || p.id).join(', '))]
}

const participantsField: InspectorField = { type: 'participants', id: 'participants', label: 'Participants', path: ['participants'] }

export const NODE_REGISTRY = {
  start: define('start', {
    label: 'Start',
    description: 'Where a run begins; passes the run input on (text, or the declared input fields).',
    category: 'flow',
    icon: 'M8 5v14l11-7z',
    singleton: true,
    summary: (data) => [
      data.inputFields?.length
        ? truncate(`Input: ${data.inputFields.map((field) => field.name).join(', ')}`)
        : data.inputDescription
          ? truncate(data.inputDescription)
          : 'Run input',
    ],
    fields: [
      labelField('Start'),
      {
        type: 'textarea',
        id: 'inputDescription',
        label: 'Input description',
        path: ['inputDescription'],
        rows: 3,
        placeholder: 'What should the person type when starting a run?',
      },
      { type: 'input_fields', id: 'inputFields', label: 'Input fields', path: ['inputFields'] },
    ],
  }),
  agent: define('agent', {
    label: 'Agent',
    description: 'A model with instructions and tools; answers the message it receives.',
    category: 'agents',
    icon: 'M12 3l1.9 4.6 4.6 1.9-4.6 1.9L12 16l-1.9-4.6L5.5 9.5l4.6-1.9zM18 15l.8 2.2L21 18l-2.2.8L18 21l-.8-2.2L15 18l2.2-.8z',
    title: (data) => data.label || data.name || 'Agent',
    summary: agentSummary,
    fields: agentSettingsFields(),
  }),
  agent_ref: define('agent_ref', {
    label: 'Saved agent',
    description: 'An agent designed on the Agents page: pinned to a version, or its latest when a run starts.',
    category: 'agents',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM5 20c.5-3.5 3.4-6 7-6s6.5 2.5 7 6M17 3l1 2 2 1-2 1-1 2-1-2-2-1 2-1z',
    summary: (data) => [data.agentId ? (data.version ? `Version ${data.version}` : 'Latest version') : 'No agent selected'],
    fields: [
      labelField('Saved agent'),
      { type: 'agent', id: 'agentId', label: 'Agent', path: ['agentId'] },
      { type: 'number', id: 'version', label: 'Version', path: ['version'], min: 1, step: 1, optional: true, help: 'Empty follows the latest version.' },
    ],
  }),
  condition: define('condition', {
    label: 'Condition',
    description: 'Routes the message down the first case whose CEL expression is true, else default.',
    category: 'logic',
    icon: 'M12 3l9 9-9 9-9-9z',
    summary: (data) => [count(data.cases.length, 'case') + ' + default'],
    fields: [labelField('Condition'), { type: 'cases', id: 'cases', label: 'Cases', path: ['cases'], help: 'Checked in order; the first true case wins.' }],
  }),
  fan_out: define('fan_out', {
    label: 'Fan out',
    description: 'Sends the message to every connected node at once.',
    category: 'logic',
    icon: 'M4 12h6m0 0l8-6m-8 6l8 6m-8-6h8',
    summary: () => ['Copies the message to each target'],
    fields: [labelField('Fan out')],
  }),
  fan_in: define('fan_in', {
    label: 'Fan in',
    description: 'Waits for every connected source, then joins their messages.',
    category: 'logic',
    icon: 'M4 6l8 6m-8 6l8-6m-8 0h8m0 0h8',
    summary: (data) => [data.join === 'text' ? 'Joins the texts' : 'Passes a list on'],
    fields: [
      labelField('Fan in'),
      {
        type: 'select',
        id: 'join',
        label: 'Join as',
        path: ['join'],
        options: [
          { value: 'text', label: 'Text (joined with the separator)' },
          { value: 'list', label: 'List of messages' },
        ],
      },
      { type: 'text', id: 'separator', label: 'Separator', path: ['separator'], visibleWhen: (data) => data.join === 'text' },
    ],
  }),
  transform: define('transform', {
    label: 'Transform',
    description: 'Computes a new message from `input` with a CEL expression.',
    category: 'logic',
    icon: 'M4 7h13l-3-3M20 17H7l3 3',
    summary: (data) => [truncate(data.expression, 40)],
    fields: [
      labelField('Transform'),
      {
        type: 'expression',
        id: 'expression',
        label: 'Expression (CEL)',
        path: ['expression'],
        placeholder: '{"summary": input}',
        help: 'The message is `input` (text or an object).',
      },
    ],
  }),
  human_input: define('human_input', {
    label: 'Human input',
    description: 'Asks a person a question; their answer flows on.',
    category: 'logic',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c0-3.3 3.6-6 8-6s8 2.7 8 6',
    summary: (data) => [data.prompt ? truncate(data.prompt) : 'No prompt yet'],
    fields: [
      labelField('Human input'),
      { type: 'textarea', id: 'prompt', label: 'Prompt', path: ['prompt'], rows: 3, placeholder: 'What should the person decide or add?' },
    ],
  }),
  output: define('output', {
    label: 'Output',
    description: 'Yields what it receives as a workflow output.',
    category: 'flow',
    icon: 'M4 12h12m-5-6l6 6-6 6M20 5v14',
    summary: () => ['Workflow output'],
    fields: [labelField('Output')],
  }),
  sub_workflow: define('sub_workflow', {
    label: 'Sub-workflow',
    description: 'Runs another saved workflow with the message as its input.',
    category: 'flow',
    icon: 'M4 4h16v16H4zM8 8h8v8H8z',
    summary: (data) => [data.workflowId ? `${data.workflowId}${data.version ? ` v${data.version}` : ' (latest)'}` : 'No workflow selected'],
    fields: [
      labelField('Sub-workflow'),
      { type: 'workflow', id: 'workflowId', label: 'Workflow', path: ['workflowId'] },
      { type: 'number', id: 'version', label: 'Version', path: ['version'], min: 1, step: 1, optional: true, help: 'Empty runs the latest version.' },
    ],
  }),
  sequential: define('sequential', {
    label: 'Sequential',
    description: 'Participants answer one after another, each seeing the conversation so far.',
    category: 'orchestrations',
    icon: 'M3 10h4v4H3zM10 10h4v4h-4zM17 10h4v4h-4z',
    summary: participantsSummary,
    fields: [
      labelField('Sequential'),
      participantsField,
      { type: 'checkbox', id: 'chainOnlyAgentResponses', label: 'Pass only agent replies down the chain', path: ['chainOnlyAgentResponses'] },
    ],
  }),
  concurrent: define('concurrent', {
    label: 'Concurrent',
    description: 'All participants answer the same message in parallel.',
    category: 'orchestrations',
    icon: 'M4 6h16M4 12h16M4 18h16',
    summary: participantsSummary,
    fields: [
      labelField('Concurrent'),
      participantsField,
      {
        type: 'select',
        id: 'aggregation',
        label: 'Combine replies as',
        path: ['aggregation'],
        options: [
          { value: 'text', label: 'Text, one section per participant' },
          { value: 'list', label: 'List of replies' },
        ],
      },
    ],
  }),
  group_chat: define('group_chat', {
    label: 'Group chat',
    description: 'Participants take turns in one conversation, for a number of rounds.',
    category: 'orchestrations',
    icon: 'M4 5h16v10H9l-5 4z',
    summary: participantsSummary,
    fields: [
      labelField('Group chat'),
      participantsField,
      {
        type: 'select',
        id: 'selection',
        label: 'Next speaker',
        path: ['selection'],
        options: [
          { value: 'round_robin', label: 'Round robin' },
          { value: 'orchestrator', label: 'Chosen by an orchestrator agent' },
        ],
      },
      { type: 'agent_settings', id: 'orchestrator', label: 'Orchestrator', path: ['orchestrator'], visibleWhen: (data) => data.selection === 'orchestrator' },
      { type: 'number', id: 'maxRounds', label: 'Max rounds', path: ['maxRounds'], min: 1, max: 100, step: 1 },
    ],
  }),
  magentic: define('magentic', {
    label: 'Magentic',
    description: 'A manager plans, delegates to participants and tracks progress.',
    category: 'orchestrations',
    icon: 'M12 3v18M3 12h18M6 6l12 12M18 6L6 18',
    summary: participantsSummary,
    fields: [
      labelField('Magentic'),
      participantsField,
      { type: 'agent_settings', id: 'manager', label: 'Manager', path: ['manager'] },
      { type: 'number', id: 'maxStallCount', label: 'Max stalls', path: ['maxStallCount'], min: 0, step: 1 },
      { type: 'number', id: 'maxResetCount', label: 'Max resets', path: ['maxResetCount'], min: 0, step: 1, optional: true },
      { type: 'number', id: 'maxRoundCount', label: 'Max rounds', path: ['maxRoundCount'], min: 1, step: 1, optional: true },
      { type: 'checkbox', id: 'enablePlanReview', label: 'A person reviews the plan first', path: ['enablePlanReview'] },
    ],
  }),
  handoff: define('handoff', {
    label: 'Handoff',
    description: 'Participants hand the conversation to each other with handoff tools.',
    category: 'orchestrations',
    icon: 'M7 17L17 7m-8 0h8v8',
    summary: participantsSummary,
    fields: [
      labelField('Handoff'),
      participantsField,
      { type: 'participant', id: 'startParticipantId', label: 'Starts with', path: ['startParticipantId'], allowNone: 'First participant' },
      { type: 'handoffs', id: 'handoffs', label: 'Handoffs', path: ['handoffs'], help: 'None listed: everyone can hand off to everyone.' },
      { type: 'checkbox', id: 'autonomous', label: 'Continue without a person (autonomous mode)', path: ['autonomous'] },
      {
        type: 'number',
        id: 'autonomousTurnLimit',
        label: 'Autonomous turn limit',
        path: ['autonomousTurnLimit'],
        min: 1,
        step: 1,
        visibleWhen: (data) => data.autonomous === true,
      },
      {
        type: 'checkbox',
        id: 'endWhenNoHandoff',
        label: 'End when an agent answers without handing off',
        path: ['endWhenNoHandoff'],
        help: 'The answer becomes the output instead of waiting for the person.',
      },
      {
        type: 'number',
        id: 'endAfterUserTurns',
        label: 'End after the person has answered',
        path: ['endAfterUserTurns'],
        min: 1,
        step: 1,
        optional: true,
        help: 'Times; empty: the conversation goes on until the run is cancelled.',
        visibleWhen: (data) => data.endWhenNoHandoff !== true,
      },
    ],
  }),
} satisfies NodeRegistry

export function nodeDefinition<K extends NodeKind>(kind: K): NodeDefinition<K> {
  return (NODE_REGISTRY as NodeRegistry)[kind]
}

/** Kinds in palette order, grouped by category. */
export function paletteGroups(): Array<{ category: NodeCategory; kinds: NodeKind[] }> {
  const order: NodeCategory[] = ['flow', 'agents', 'logic', 'orchestrations']
  return order.map((category) => ({ category, kinds: NODE_KINDS.filter((kind) => NODE_REGISTRY[kind].category === category) }))
}
