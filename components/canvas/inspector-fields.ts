/**
 * Inspector fields are data: each names a control type and a path into the node's data. The
 * inspector renders them generically; `id` is stable and becomes the `inspector-<id>` test id.
 */
import type { SelectOption } from '@/components/ui/Select'

export type FieldPath = readonly (string | number)[]

interface FieldBase {
  id: string
  label: string
  path: FieldPath
  help?: string
  /** Hide the field unless this returns true for the node's data. */
  visibleWhen?: (data: Record<string, unknown>) => boolean
}

export type InspectorField =
  | (FieldBase & { type: 'text'; placeholder?: string; required?: boolean })
  | (FieldBase & { type: 'textarea'; placeholder?: string; rows?: number })
  /** A CEL expression over `input`; checked as the person types. */
  | (FieldBase & { type: 'expression'; placeholder?: string })
  /** Empty input stores `undefined` when `optional`, so the default applies. */
  | (FieldBase & { type: 'number'; min?: number; max?: number; step?: number; optional?: boolean })
  | (FieldBase & { type: 'select'; options: readonly SelectOption[] })
  | (FieldBase & { type: 'checkbox' })
  /** Checkbox list loaded from GET /api/mcp-servers. */
  | (FieldBase & { type: 'mcp_servers' })
  /** Names of registered function tools (free text list; the server resolves them). */
  | (FieldBase & { type: 'function_tools' })
  | (FieldBase & { type: 'skills' })
  /** A saved-agent picker (GET /api/agents). */
  | (FieldBase & { type: 'agent' })
  /** A workflow picker (GET /api/workflows). */
  | (FieldBase & { type: 'workflow' })
  | (FieldBase & { type: 'cases' })
  | (FieldBase & { type: 'participants' })
  /** A select over the node's participants. */
  | (FieldBase & { type: 'participant'; allowNone?: string })
  | (FieldBase & { type: 'handoffs' })
  /** A nested group of agent settings (an orchestrator or a manager). */
  | (FieldBase & { type: 'agent_settings' })

export type InspectorFieldType = InspectorField['type']

export function getAt(value: unknown, path: FieldPath): unknown {
  let current = value
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string | number, unknown>)[segment]
  }
  return current
}

/** Returns a copy of `target` with `value` at `path`; untouched branches are shared, not copied. */
export function setAt<T>(target: T, path: FieldPath, value: unknown): T {
  if (path.length === 0) return value as T
  const [head, ...rest] = path
  const container: Record<string | number, unknown> | unknown[] = Array.isArray(target) ? [...target] : { ...((target ?? {}) as Record<string, unknown>) }
  const child = (container as Record<string | number, unknown>)[head!]
  const next = setAt(child, rest, value)
  if (next === undefined && !Array.isArray(container)) delete (container as Record<string | number, unknown>)[head!]
  else (container as Record<string | number, unknown>)[head!] = next
  return container as T
}

const providerOptions: SelectOption[] = [
  { value: 'default', label: 'Default (OpenAI with a key, else demo)' },
  { value: 'demo', label: 'Demo (offline)' },
  { value: 'openai', label: 'OpenAI' },
]

const approvalOptions: SelectOption[] = [
  { value: 'default', label: "Each tool's own setting" },
  { value: 'always_require', label: 'Always ask before a tool call' },
  { value: 'never_require', label: 'Never ask' },
]

/** The fields of an agent's settings, under `prefix` (e.g. ['manager']) and with ids prefixed alike. */
export function agentSettingsFields(prefix: FieldPath = [], idPrefix = ''): InspectorField[] {
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : name)
  const at = (...path: string[]) => [...prefix, ...path]
  return [
    { type: 'text', id: id('name'), label: 'Name', path: at('name'), placeholder: 'Researcher', required: true },
    {
      type: 'textarea',
      id: id('instructions'),
      label: 'Instructions',
      path: at('instructions'),
      rows: 6,
      placeholder: 'What this agent does and how it should answer.',
    },
    { type: 'select', id: id('provider'), label: 'Model provider', path: at('model', 'provider'), options: providerOptions },
    { type: 'text', id: id('model'), label: 'Model', path: at('model', 'model'), placeholder: 'Provider default' },
    { type: 'number', id: id('temperature'), label: 'Temperature', path: at('model', 'temperature'), min: 0, max: 2, step: 0.1, optional: true },
    { type: 'number', id: id('maxTokens'), label: 'Max tokens', path: at('model', 'maxTokens'), min: 1, step: 1, optional: true },
    { type: 'mcp_servers', id: id('mcpServerIds'), label: 'MCP servers', path: at('mcpServerIds') },
    {
      type: 'function_tools',
      id: id('functionTools'),
      label: 'Function tools',
      path: at('functionTools'),
    },
    { type: 'skills', id: id('skillIds'), label: 'Skills', path: at('skillIds') },
    { type: 'select', id: id('toolApprovalMode'), label: 'Tool approval', path: at('toolApprovalMode'), options: approvalOptions },
  ]
}

export function labelField(placeholder: string): InspectorField {
  return { type: 'text', id: 'label', label: 'Title', path: ['label'], placeholder }
}
