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
  /** The group it belongs to on the Agents page's form (the canvas inspector lists fields without groups). */
  section?: AgentSettingsSection
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
  /** `optional`: the first option is '' and stores `undefined`, so the default applies. */
  | (FieldBase & { type: 'select'; options: readonly SelectOption[]; optional?: boolean })
  | (FieldBase & { type: 'checkbox' })
  /** Checkbox list loaded from GET /api/mcp-servers. */
  | (FieldBase & { type: 'mcp_servers' })
  /** Names of registered function tools (free text list; the server resolves them). */
  | (FieldBase & { type: 'function_tools' })
  | (FieldBase & { type: 'skills' })
  /** The tools chosen per MCP server (the agent's `mcpServerIds` are read beside it). */
  | (FieldBase & { type: 'mcp_tools' })
  /** Approval per tool name. */
  | (FieldBase & { type: 'tool_approvals' })
  /** The structured reply's fields. */
  | (FieldBase & { type: 'structured_fields' })
  /** A start node's declared input fields. */
  | (FieldBase & { type: 'input_fields' })
  /** A folder under an allowed root (GET /api/file-roots). */
  | (FieldBase & { type: 'file_folder' })
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
  /** A workspace model credential (GET /api/workspaces/:id/credentials), or the server's default keys; at `model.credentialId`. */
  | (FieldBase & { type: 'model_credential' })
  /** The model's name: free text, with the models the provider lists (GET /api/provider-models) to pick from. */
  | (FieldBase & { type: 'model_name'; placeholder?: string })

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

export const AGENT_SETTINGS_SECTIONS = ['Basics', 'Model', 'Tools', 'Reply format', 'Files', 'Conversation'] as const
export type AgentSettingsSection = (typeof AGENT_SETTINGS_SECTIONS)[number]

const providerOptions: SelectOption[] = [
  { value: 'default', label: 'Default (OpenAI with a key, else demo)' },
  { value: 'demo', label: 'Demo (offline)' },
  { value: 'openai', label: 'OpenAI Responses API' },
  { value: 'openai_chat', label: 'OpenAI Chat Completions API' },
  { value: 'azure_openai', label: 'Azure OpenAI' },
  { value: 'anthropic', label: 'Anthropic (Claude)' },
  { value: 'gemini', label: 'Google Gemini' },
  { value: 'ollama', label: 'Ollama' },
]

const reasoningOptions: SelectOption[] = [
  { value: '', label: 'Model default' },
  { value: 'minimal', label: 'Minimal' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
]

const replyOptions: SelectOption[] = [
  { value: 'none', label: 'Text' },
  { value: 'fields', label: 'JSON with these fields' },
  { value: 'json_schema', label: 'JSON matching a JSON Schema' },
]

const writeOptions: SelectOption[] = [
  { value: 'approve', label: 'Writes and deletes wait for approval' },
  { value: 'read_only', label: 'Read only' },
  { value: 'no_approval', label: 'Writes and deletes without approval' },
]

/** Every provider but the server's pick and the demo model can be given another address; Azure OpenAI's is its credential's endpoint. */
const takesBaseUrl = (model: unknown) =>
  ['openai', 'openai_chat', 'anthropic', 'gemini', 'ollama'].includes(String((model as { provider?: unknown } | undefined)?.provider))

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
    { type: 'text', id: id('name'), label: 'Name', path: at('name'), placeholder: 'Researcher', required: true, section: 'Basics' },
    {
      type: 'textarea',
      id: id('instructions'),
      label: 'Instructions',
      path: at('instructions'),
      rows: 6,
      placeholder: 'What this agent does and how it should answer.',
      section: 'Basics',
    },
    { type: 'select', id: id('provider'), label: 'Model provider', path: at('model', 'provider'), options: providerOptions, section: 'Model' },
    {
      type: 'model_credential',
      id: id('credentialId'),
      label: 'Credential',
      path: at('model', 'credentialId'),
      help: "A key this workspace keeps (Workspace → Model credentials): it goes only to the credential's own address.",
      section: 'Model',
      visibleWhen: (data) => (data.model as { provider?: unknown } | undefined)?.provider !== 'demo',
    },
    { type: 'model_name', id: id('model'), label: 'Model', path: at('model', 'model'), placeholder: 'Provider default', section: 'Model' },
    {
      type: 'text',
      id: id('baseUrl'),
      label: 'Base URL (OpenAI-compatible server, gateway or Ollama)',
      path: at('model', 'baseUrl'),
      placeholder: 'https://api.openai.com/v1',
      help: "Empty uses the provider's own endpoint (Ollama: the server's OLLAMA_BASE_URL, else http://localhost:11434/v1). The server's own API keys are never sent to another URL.",
      section: 'Model',
      // A credential brings its own address.
      visibleWhen: (data) => takesBaseUrl(data.model) && !(data.model as { credentialId?: unknown }).credentialId,
    },
    {
      type: 'number',
      id: id('temperature'),
      label: 'Temperature',
      path: at('model', 'temperature'),
      min: 0,
      max: 2,
      step: 0.1,
      optional: true,
      section: 'Model',
    },
    { type: 'number', id: id('maxTokens'), label: 'Max tokens', path: at('model', 'maxTokens'), min: 1, step: 1, optional: true, section: 'Model' },
    {
      type: 'select',
      id: id('reasoningEffort'),
      label: 'Reasoning effort',
      path: at('model', 'reasoningEffort'),
      options: reasoningOptions,
      optional: true,
      section: 'Model',
    },
    { type: 'mcp_servers', id: id('mcpServerIds'), label: 'MCP servers', path: at('mcpServerIds'), section: 'Tools' },
    { type: 'mcp_tools', id: id('mcpTools'), label: 'Tools per MCP server', path: at('mcpTools'), section: 'Tools' },
    { type: 'function_tools', id: id('functionTools'), label: 'Function tools', path: at('functionTools'), section: 'Tools' },
    { type: 'skills', id: id('skillIds'), label: 'Skills', path: at('skillIds'), section: 'Tools' },
    { type: 'select', id: id('toolApprovalMode'), label: 'Tool approval', path: at('toolApprovalMode'), options: approvalOptions, section: 'Tools' },
    { type: 'tool_approvals', id: id('toolApprovals'), label: 'Approval per tool', path: at('toolApprovals'), section: 'Tools' },
    { type: 'select', id: id('replyMode'), label: 'Reply', path: at('structuredOutput', 'mode'), options: replyOptions, section: 'Reply format' },
    {
      type: 'text',
      id: id('replyName'),
      label: 'Format name',
      path: at('structuredOutput', 'name'),
      placeholder: 'response',
      section: 'Reply format',
      visibleWhen: (data) => (data.structuredOutput as { mode?: string } | undefined)?.mode !== 'none' && data.structuredOutput !== undefined,
    },
    {
      type: 'structured_fields',
      id: id('replyFields'),
      label: 'Reply fields',
      path: at('structuredOutput', 'fields'),
      section: 'Reply format',
      visibleWhen: (data) => (data.structuredOutput as { mode?: string } | undefined)?.mode === 'fields',
    },
    {
      type: 'textarea',
      id: id('replySchema'),
      label: 'JSON Schema',
      path: at('structuredOutput', 'schema'),
      rows: 8,
      placeholder: '{ "type": "object", "properties": { "answer": { "type": "string" } }, "required": ["answer"] }',
      section: 'Reply format',
      visibleWhen: (data) => (data.structuredOutput as { mode?: string } | undefined)?.mode === 'json_schema',
    },
    { type: 'checkbox', id: id('fileAccess'), label: 'Give the agent a folder', path: at('fileAccess', 'enabled'), section: 'Files' },
    {
      type: 'file_folder',
      id: id('fileFolder'),
      label: 'Folder',
      path: at('fileAccess'),
      section: 'Files',
      visibleWhen: (data) => (data.fileAccess as { enabled?: boolean } | undefined)?.enabled === true,
    },
    {
      type: 'select',
      id: id('fileWrites'),
      label: 'Writes',
      path: at('fileAccess', 'writes'),
      options: writeOptions,
      section: 'Files',
      visibleWhen: (data) => (data.fileAccess as { enabled?: boolean } | undefined)?.enabled === true,
    },
    {
      type: 'number',
      id: id('historyMessages'),
      label: 'Messages sent from the history',
      path: at('historyWindow', 'maxMessages'),
      min: 1,
      step: 1,
      optional: true,
      help: 'Empty sends the whole conversation. Stored history is kept whole.',
      section: 'Conversation',
    },
    {
      type: 'number',
      id: id('historyTokens'),
      label: 'Token budget for the history',
      path: at('historyWindow', 'maxTokens'),
      min: 1,
      step: 1,
      optional: true,
      section: 'Conversation',
    },
    {
      type: 'checkbox',
      id: id('keepOnService'),
      label: 'Keep the conversation on the service (Responses API: store and previous_response_id)',
      path: at('keepConversationOnService'),
      section: 'Conversation',
    },
  ]
}

export function labelField(placeholder: string): InspectorField {
  return { type: 'text', id: 'label', label: 'Title', path: ['label'], placeholder }
}
