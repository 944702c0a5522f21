/**
 * Builds the `@anthropic-ai/sdk` client the Anthropic chat client talks through, from explicit options
 * with environment fallbacks read from an injectable env (never behind our back: the package would
 * otherwise also look for credential profiles on disk).
 */
import Anthropic from '@anthropic-ai/sdk'
import { ChatClientInitializationError } from '../../errors'
import { answeringRefusalsFinally } from '../caller-fetch-refusals'

export type AnthropicEnv = Record<string, string | undefined>

export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-6'
/** The Messages API requires `max_tokens`; this is sent when neither the call nor the client sets one. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com'

export interface AnthropicClientOptions {
  /** Default: env ANTHROPIC_MODEL, else `claude-sonnet-4-6`. */
  model?: string
  /** Default: env ANTHROPIC_API_KEY. Required unless `client` is given. */
  apiKey?: string
  /** Default: env ANTHROPIC_BASE_URL, else https://api.anthropic.com. */
  baseURL?: string
  /** `max_tokens` when a call sets no maxTokens (default 4096). */
  defaultMaxTokens?: number
  /** Retries the package itself makes on 408/409/429/5xx (529 overloaded included) and connection errors (package default 2). */
  maxRetries?: number
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number
  defaultHeaders?: Record<string, string>
  /**
   * The fetch the package sends requests with, e.g. one that connects only to allowed addresses.
   * A UserError it throws (directly or as a cause) is final: not retried, and reported as "could not reach the service: <its message>".
   */
  fetch?: typeof fetch
  /** A ready-made package client; connection options above are then ignored. */
  client?: Anthropic
  /** Where environment fallbacks are read from (default `process.env`). */
  env?: AnthropicEnv
}

export interface AnthropicConnection {
  sdk: Anthropic
  model: string
}

export function connectAnthropic(options: AnthropicClientOptions): AnthropicConnection {
  const env = options.env ?? process.env
  const model = options.model ?? nonEmpty(env.ANTHROPIC_MODEL) ?? DEFAULT_ANTHROPIC_MODEL
  if (options.client) return { sdk: options.client, model }
  const apiKey = options.apiKey ?? nonEmpty(env.ANTHROPIC_API_KEY)
  if (!apiKey) {
    throw new ChatClientInitializationError('Anthropic API key is missing: set the ANTHROPIC_API_KEY environment variable or pass the apiKey option.')
  }
  try {
    const sdk = new Anthropic({
      apiKey,
      authToken: null,
      baseURL: options.baseURL ?? nonEmpty(env.ANTHROPIC_BASE_URL) ?? DEFAULT_ANTHROPIC_BASE_URL,
      // lib/core reports its own gen_ai spans; the package's would double them.
      openTelemetry: false,
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
      ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
      // The package retries whatever fetch throws; a refusal by the caller's fetch is final (caller-fetch-refusals.ts).
      ...(options.fetch ? { fetch: answeringRefusalsFinally(options.fetch) } : {}),
    })
    return { sdk, model }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new ChatClientInitializationError(`Could not configure the Anthropic client: ${detail}`, { cause: error })
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined
}
