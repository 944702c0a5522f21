/**
 * How the app uses a configured MCP server once connected: which of its tools agents get, which
 * extra argument names reach it, how its sampling requests are decided, and how long-running
 * tasks are driven. Stored on the server row (`settings`), applied each time the app connects.
 * Browser-safe.
 */
import { z } from 'zod'
import { atMostKeys } from './bounded'
import { isForwardedArgument } from '@/lib/core/browser'

/** MCP tool names (the spec's SHOULD: 1–128 of A–Z a–z 0–9 _ - .). */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/
/** Argument names are JSON property names; these keep them printable and out of the prototype chain. */
const ARGUMENT_NAME = /^[A-Za-z0-9_.$-]{1,128}$/
const FORBIDDEN_ARGUMENT_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype', '_meta'])

export const mcpToolNameSchema = z.string().regex(TOOL_NAME, 'Tool names use 1–128 letters, digits, "_", "-" and ".".')
export const mcpArgumentNameSchema = z
  .string()
  .regex(ARGUMENT_NAME, 'Argument names use 1–128 letters, digits, "_", "-", "." and "$".')
  .refine((name) => !FORBIDDEN_ARGUMENT_NAMES.has(name), 'This name cannot be forwarded.')

const argumentNameList = z.array(mcpArgumentNameSchema).max(50, 'At most 50 names.')

/** Extra argument names forwarded besides a tool's declared parameters: for every tool, and per tool. */
export const mcpArgumentNamesSchema = z
  .object({
    global: argumentNameList.default([]),
    perTool: atMostKeys(z.record(mcpToolNameSchema, argumentNameList), 200).default({}),
  })
  .strict()
export type McpArgumentNames = z.output<typeof mcpArgumentNamesSchema>

export const SAMPLING_MODES = ['ask', 'deny', 'auto'] as const
export type SamplingMode = (typeof SAMPLING_MODES)[number]

/** The most a person may let a server sample without asking, per request. */
export const MAX_AUTO_SAMPLING_TOKENS = 4096
export const MAX_AUTO_SAMPLING_REQUESTS = 100

/**
 * What happens when the server asks the model for a completion: a person decides each time (the
 * default), it is always refused, or it is approved automatically while within both caps — past
 * either cap it goes to a person (`beyondCaps: 'ask'`) or is refused (`'deny'`).
 */
export const mcpSamplingPolicySchema = z
  .object({
    mode: z.enum(SAMPLING_MODES, { error: 'Choose ask, deny or auto.' }).default('ask'),
    maxTokensPerRequest: z
      .number({ error: 'Enter a number of tokens.' })
      .int('Enter a whole number of tokens.')
      .min(1, 'At least 1 token.')
      .max(MAX_AUTO_SAMPLING_TOKENS, `At most ${MAX_AUTO_SAMPLING_TOKENS} tokens.`)
      .default(1024),
    maxRequestsPerRun: z
      .number({ error: 'Enter a number of requests.' })
      .int('Enter a whole number of requests.')
      .min(1, 'At least 1 request.')
      .max(MAX_AUTO_SAMPLING_REQUESTS, `At most ${MAX_AUTO_SAMPLING_REQUESTS} requests.`)
      .default(5),
    beyondCaps: z.enum(['ask', 'deny'], { error: 'Choose ask or deny.' }).default('ask'),
  })
  .strict()
export type McpSamplingPolicy = z.output<typeof mcpSamplingPolicySchema>

const DAY_MS = 86_400_000
const ms = (max: number, label: string) =>
  z
    .number({ error: `${label} must be a number of milliseconds.` })
    .int(`${label} must be a whole number of milliseconds.`)
    .min(1, `${label} must be at least 1 ms.`)
    .max(max, `${label} must be at most ${max / 1000} s.`)
    .optional()

/** Long-running tasks (tools whose execution.taskSupport is "required"); unset leaves the server's or the framework's default. */
export const mcpTaskSettingsSchema = z
  .object({
    /** Asked of the server as the task's time to live. */
    defaultTtlMs: ms(7 * DAY_MS, 'The time to live'),
    /** How often the task's status is asked for (bounded by the framework to 0.5–5 s). */
    pollIntervalMs: ms(60_000, 'The poll interval'),
    /** How long a run waits for one task before giving up (and cancelling it). */
    maxWaitMs: ms(DAY_MS, 'The maximum wait'),
  })
  .strict()
export type McpTaskSettings = z.output<typeof mcpTaskSettingsSchema>

export const mcpServerSettingsSchema = z
  .object({
    /** The server's tools agents get; null: all of them. */
    allowedTools: z.array(mcpToolNameSchema).max(500).nullable().default(null),
    additionalArgumentNames: mcpArgumentNamesSchema.prefault({}),
    sampling: mcpSamplingPolicySchema.prefault({}),
    tasks: mcpTaskSettingsSchema.prefault({}),
  })
  .strict()
export type McpServerSettings = z.output<typeof mcpServerSettingsSchema>
export type McpServerSettingsInput = z.input<typeof mcpServerSettingsSchema>

export const DEFAULT_MCP_SERVER_SETTINGS: McpServerSettings = mcpServerSettingsSchema.parse({})

/** A stored row's settings; a row from before settings existed, or one that no longer parses, gets the defaults. */
export function readMcpServerSettings(stored: unknown): McpServerSettings {
  const parsed = mcpServerSettingsSchema.safeParse(stored ?? {})
  return parsed.success ? parsed.data : DEFAULT_MCP_SERVER_SETTINGS
}

/**
 * Which arguments of a sample call would reach the server: the tool's declared parameters and the
 * extra names (global and the tool's own); everything else is dropped: lib/core's rule, as its
 * ToolArgumentAllowlist applies it to every call.
 */
export function previewForwardedArguments(
  declared: readonly string[],
  extras: McpArgumentNames,
  toolName: string,
  sampleArgumentNames: readonly string[],
): { forwarded: string[]; dropped: string[] } {
  const declaredNames = new Set(declared)
  const optedIn = new Set([...extras.global, ...(extras.perTool[toolName] ?? [])])
  const forwarded: string[] = []
  const dropped: string[] = []
  for (const name of sampleArgumentNames) (isForwardedArgument(name, declaredNames, optedIn.has(name)) ? forwarded : dropped).push(name)
  return { forwarded, dropped }
}
