/**
 * Builds the `@google/genai` client the Gemini chat client talks through (the Gemini Developer API,
 * not Vertex AI), from explicit options with environment fallbacks read from an injectable env.
 */
import { GoogleGenAI } from '@google/genai'
import { ChatClientInitializationError } from '../../errors'
import { throwingRefusalsAsTypeErrors } from '../caller-fetch-refusals'

export type GeminiEnv = Record<string, string | undefined>

export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash'
export const DEFAULT_GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com'
/** The package's own default is 5 attempts with delays growing to a minute; the other clients retry twice. */
const DEFAULT_GEMINI_ATTEMPTS = 3

export interface GeminiClientOptions {
  /** Default: env GEMINI_MODEL, else `gemini-2.5-flash`. */
  model?: string
  /** Default: env GEMINI_API_KEY, then GOOGLE_API_KEY. Required unless `client` is given. */
  apiKey?: string
  /** Default: env GEMINI_BASE_URL, else https://generativelanguage.googleapis.com. */
  baseURL?: string
  /** Attempts the package makes, the first included, on 408/429/5xx; 1 means no retry. Default 3 (as the other clients: two retries). */
  maxAttempts?: number
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number
  defaultHeaders?: Record<string, string>
  /**
   * The fetch the package sends requests with, e.g. one that connects only to allowed addresses.
   * A UserError it throws (directly or as a cause) is final: not retried, and reported as "could not reach the service: <its message>".
   */
  fetch?: typeof fetch
  /** A ready-made package client; connection options above are then ignored. */
  client?: GoogleGenAI
  /** Where environment fallbacks are read from (default `process.env`). */
  env?: GeminiEnv
}

export interface GeminiConnection {
  sdk: GoogleGenAI
  model: string
}

export function connectGemini(options: GeminiClientOptions): GeminiConnection {
  const env = options.env ?? process.env
  const model = options.model ?? nonEmpty(env.GEMINI_MODEL) ?? DEFAULT_GEMINI_MODEL
  if (options.client) return { sdk: options.client, model }
  const apiKey = options.apiKey ?? nonEmpty(env.GEMINI_API_KEY) ?? nonEmpty(env.GOOGLE_API_KEY)
  if (!apiKey) {
    throw new ChatClientInitializationError(
      'Gemini API key is missing: set the GEMINI_API_KEY (or GOOGLE_API_KEY) environment variable or pass the apiKey option.',
    )
  }
  try {
    const sdk = new GoogleGenAI({
      apiKey,
      // Explicit, so GOOGLE_GENAI_USE_VERTEXAI in the environment cannot switch the backend behind our back.
      vertexai: false,
      httpOptions: {
        baseUrl: options.baseURL ?? nonEmpty(env.GEMINI_BASE_URL) ?? DEFAULT_GEMINI_BASE_URL,
        retryOptions: { attempts: options.maxAttempts ?? DEFAULT_GEMINI_ATTEMPTS },
        ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
        ...(options.defaultHeaders ? { headers: options.defaultHeaders } : {}),
        // The package retries what fetch throws unless it is a TypeError; a refusal by the caller's fetch is final (caller-fetch-refusals.ts).
        ...(options.fetch ? { fetch: throwingRefusalsAsTypeErrors(options.fetch) } : {}),
      },
    })
    return { sdk, model }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new ChatClientInitializationError(`Could not configure the Gemini client: ${detail}`, { cause: error })
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined
}
