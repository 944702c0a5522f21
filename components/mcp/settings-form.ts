/**
 * The settings dialog's form: what a person types (names separated by commas, times in seconds)
 * and the `settings` a save sends, checked by the same schema the server uses, so each problem
 * shows under its field before anything is sent.
 */
import { mcpServerSettingsSchema, type McpServerSettings, type McpServerSettingsInput, type SamplingMode } from '@/lib/contracts/mcp-server-settings'

export interface SettingsForm {
  /** Every tool of the server (allowedTools: null), or only `allowedTools`. */
  allTools: boolean
  allowedTools: string[]
  globalArguments: string
  /** Extra argument names per tool, as typed. */
  toolArguments: Record<string, string>
  samplingMode: SamplingMode
  maxTokensPerRequest: string
  maxRequestsPerRun: string
  beyondCaps: 'ask' | 'deny'
  ttlSeconds: string
  pollSeconds: string
  maxWaitSeconds: string
}

/** The form's field a settings path belongs to ("sampling.maxTokensPerRequest" → "maxTokensPerRequest"). */
export type SettingsErrors = Partial<Record<keyof SettingsForm | string, string>>

const seconds = (ms: number | undefined) => (ms === undefined ? '' : String(ms / 1000))

export function settingsFormOf(settings: McpServerSettings): SettingsForm {
  return {
    allTools: settings.allowedTools === null,
    allowedTools: settings.allowedTools ?? [],
    globalArguments: settings.additionalArgumentNames.global.join(', '),
    toolArguments: Object.fromEntries(Object.entries(settings.additionalArgumentNames.perTool).map(([tool, names]) => [tool, names.join(', ')])),
    samplingMode: settings.sampling.mode,
    maxTokensPerRequest: String(settings.sampling.maxTokensPerRequest),
    maxRequestsPerRun: String(settings.sampling.maxRequestsPerRun),
    beyondCaps: settings.sampling.beyondCaps,
    ttlSeconds: seconds(settings.tasks.defaultTtlMs),
    pollSeconds: seconds(settings.tasks.pollIntervalMs),
    maxWaitSeconds: seconds(settings.tasks.maxWaitMs),
  }
}

/** "a, b  c" → ["a", "b", "c"], each once. */
export function splitNames(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))]
}

const FIELD_OF_PATH: Record<string, keyof SettingsForm> = {
  allowedTools: 'allowedTools',
  'additionalArgumentNames.global': 'globalArguments',
  'sampling.mode': 'samplingMode',
  'sampling.maxTokensPerRequest': 'maxTokensPerRequest',
  'sampling.maxRequestsPerRun': 'maxRequestsPerRun',
  'sampling.beyondCaps': 'beyondCaps',
  'tasks.defaultTtlMs': 'ttlSeconds',
  'tasks.pollIntervalMs': 'pollSeconds',
  'tasks.maxWaitMs': 'maxWaitSeconds',
}

/** The field an issue of the settings schema (or of the API's 400, under `settings.`) belongs to; per-tool names go under `tool:<name>`. */
export function fieldOfIssuePath(path: string): string {
  const own = path.replace(/^settings\./, '')
  const perTool = /^additionalArgumentNames\.perTool\.([^.]+)/.exec(own)
  if (perTool) return `tool:${perTool[1]}`
  for (const [prefix, field] of Object.entries(FIELD_OF_PATH)) if (own === prefix || own.startsWith(`${prefix}.`)) return field
  return 'form'
}

function number(text: string): number | undefined | typeof NaN {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return Number(trimmed)
}

function msOf(text: string): number | undefined {
  const value = number(text)
  return value === undefined || Number.isNaN(value) ? value : Math.round(value * 1000)
}

export type SettingsBuilt = { ok: true; settings: McpServerSettingsInput } | { ok: false; errors: SettingsErrors }

/** The settings a save sends, or the problems to show under the fields. */
export function settingsRequest(form: SettingsForm): SettingsBuilt {
  const errors: SettingsErrors = {}
  const numbers = { maxTokensPerRequest: number(form.maxTokensPerRequest), maxRequestsPerRun: number(form.maxRequestsPerRun) }
  const times = { ttlSeconds: msOf(form.ttlSeconds), pollSeconds: msOf(form.pollSeconds), maxWaitSeconds: msOf(form.maxWaitSeconds) }
  for (const [field, value] of Object.entries({ ...numbers, ...times })) if (Number.isNaN(value)) errors[field] = 'Enter a number.'
  const perTool = Object.fromEntries(
    Object.entries(form.toolArguments)
      .map(([tool, text]) => [tool, splitNames(text)] as const)
      .filter(([, names]) => names.length > 0),
  )
  const settings: McpServerSettingsInput = {
    allowedTools: form.allTools ? null : form.allowedTools,
    additionalArgumentNames: { global: splitNames(form.globalArguments), perTool },
    sampling: {
      mode: form.samplingMode,
      maxTokensPerRequest: numbers.maxTokensPerRequest ?? 0,
      maxRequestsPerRun: numbers.maxRequestsPerRun ?? 0,
      beyondCaps: form.beyondCaps,
    },
    tasks: { defaultTtlMs: times.ttlSeconds, pollIntervalMs: times.pollSeconds, maxWaitMs: times.maxWaitSeconds },
  }
  const checked = mcpServerSettingsSchema.safeParse(settings)
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = fieldOfIssuePath(issue.path.map(String).join('.'))
      errors[field] ??= issue.message
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, settings }
}
