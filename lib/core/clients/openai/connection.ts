/**
 * Builds the `openai` package client both chat clients talk through, from explicit options
 * with environment fallbacks (read from an injectable env so tests and servers stay explicit).
 */
import { AzureOpenAI, OpenAI } from 'openai'
import { ChatClientInitializationError } from '../../errors'
import { answeringRefusalsFinally } from '../caller-fetch-refusals'

export type OpenAIEnv = Record<string, string | undefined>

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini'
const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1'

/** Azure OpenAI through the package's AzureOpenAI client. Unset fields fall back to the env names shown. */
export interface AzureOpenAIOptions {
  /** e.g. `https://my-resource.openai.azure.com/` — env AZURE_OPENAI_ENDPOINT. */
  endpoint?: string
  /** Model deployment name; also the default model — env AZURE_OPENAI_DEPLOYMENT_NAME. */
  deployment?: string
  /** env AZURE_OPENAI_API_VERSION, then OPENAI_API_VERSION. */
  apiVersion?: string
  /** env AZURE_OPENAI_API_KEY. */
  apiKey?: string
  /** Microsoft Entra ID token source, instead of an API key. */
  azureADTokenProvider?: () => Promise<string>
}

export interface OpenAIClientOptions {
  /** Model id (Azure: deployment). Default: env OPENAI_MODEL, else `gpt-4o-mini` (Azure: the deployment). */
  model?: string
  /** Default: env OPENAI_API_KEY. Required unless `client` or `azure` is given. */
  apiKey?: string
  /** Any OpenAI-compatible server, e.g. `http://127.0.0.1:11434/v1`. Default: env OPENAI_BASE_URL. */
  baseURL?: string
  /** Default: env OPENAI_ORG_ID. */
  organization?: string
  /** Default: env OPENAI_PROJECT_ID. */
  project?: string
  /** Retries the package itself makes on 408/409/429/5xx and connection errors (package default 2). */
  maxRetries?: number
  /** Per-attempt timeout in milliseconds (package default 10 minutes). */
  timeoutMs?: number
  defaultHeaders?: Record<string, string>
  /**
   * The fetch the package sends requests with (default: the global one), e.g. one that connects only to allowed addresses.
   * A UserError it throws (directly or as a cause) is final: not retried, and reported as "could not reach the service: <its message>".
   */
  fetch?: typeof fetch
  /** Use Azure OpenAI instead of api.openai.com. */
  azure?: AzureOpenAIOptions
  /** A ready-made package client; connection options above are then ignored. */
  client?: OpenAI
  /** Where environment fallbacks are read from (default `process.env`). */
  env?: OpenAIEnv
}

export interface OpenAIConnection {
  sdk: OpenAI
  model: string
}

export function connectOpenAI(options: OpenAIClientOptions): OpenAIConnection {
  const env = options.env ?? process.env
  if (options.client) return { sdk: options.client, model: options.model ?? nonEmpty(env.OPENAI_MODEL) ?? DEFAULT_OPENAI_MODEL }
  if (options.azure) return connectAzure(options, options.azure, env)
  const apiKey = options.apiKey ?? nonEmpty(env.OPENAI_API_KEY)
  if (!apiKey) {
    throw new ChatClientInitializationError('OpenAI API key is missing: set the OPENAI_API_KEY environment variable or pass the apiKey option.')
  }
  const sdk = wrapConstruction(
    () =>
      new OpenAI({
        apiKey,
        // Pass every env-backed setting explicitly so the package never reads process.env behind our back.
        baseURL: options.baseURL ?? nonEmpty(env.OPENAI_BASE_URL) ?? DEFAULT_OPENAI_BASE_URL,
        organization: options.organization ?? nonEmpty(env.OPENAI_ORG_ID) ?? null,
        project: options.project ?? nonEmpty(env.OPENAI_PROJECT_ID) ?? null,
        ...transportOptions(options),
      }),
  )
  return { sdk, model: options.model ?? nonEmpty(env.OPENAI_MODEL) ?? DEFAULT_OPENAI_MODEL }
}

function connectAzure(options: OpenAIClientOptions, azure: AzureOpenAIOptions, env: OpenAIEnv): OpenAIConnection {
  const endpoint = azure.endpoint ?? nonEmpty(env.AZURE_OPENAI_ENDPOINT)
  const deployment = azure.deployment ?? nonEmpty(env.AZURE_OPENAI_DEPLOYMENT_NAME)
  const apiVersion = azure.apiVersion ?? nonEmpty(env.AZURE_OPENAI_API_VERSION) ?? nonEmpty(env.OPENAI_API_VERSION)
  const apiKey = azure.apiKey ?? options.apiKey ?? nonEmpty(env.AZURE_OPENAI_API_KEY)
  if (!endpoint && !options.baseURL) {
    throw new ChatClientInitializationError('Azure OpenAI endpoint is missing: set AZURE_OPENAI_ENDPOINT or pass azure.endpoint.')
  }
  if (!apiVersion) {
    throw new ChatClientInitializationError('Azure OpenAI API version is missing: set AZURE_OPENAI_API_VERSION or pass azure.apiVersion.')
  }
  if (!apiKey && !azure.azureADTokenProvider) {
    throw new ChatClientInitializationError(
      'Azure OpenAI credentials are missing: set AZURE_OPENAI_API_KEY, or pass azure.apiKey or azure.azureADTokenProvider.',
    )
  }
  const model = options.model ?? deployment
  if (!model) {
    throw new ChatClientInitializationError('Azure OpenAI deployment is missing: set AZURE_OPENAI_DEPLOYMENT_NAME or pass azure.deployment.')
  }
  const sdk = wrapConstruction(
    () =>
      new AzureOpenAI({
        // The package falls back to process.env for undefined settings (OPENAI_BASE_URL would clash
        // with `endpoint`, AZURE_OPENAI_API_KEY with a token provider), so resolve them all here.
        baseURL: options.baseURL ?? `${endpoint!.replace(/\/+$/, '')}/openai`,
        deployment,
        apiVersion,
        ...(azure.azureADTokenProvider ? { azureADTokenProvider: azure.azureADTokenProvider, apiKey: null as unknown as undefined } : { apiKey }),
        organization: options.organization ?? null,
        project: options.project ?? null,
        ...transportOptions(options),
      }),
  )
  return { sdk, model }
}

function transportOptions(options: OpenAIClientOptions) {
  return {
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
    ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
    // The package retries whatever fetch throws; a refusal by the caller's fetch is final (caller-fetch-refusals.ts).
    ...(options.fetch ? { fetch: answeringRefusalsFinally(options.fetch) } : {}),
  }
}

/** The package validates its own options (mutually exclusive settings and the like): report those as ours. */
function wrapConstruction<T>(construct: () => T): T {
  try {
    return construct()
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new ChatClientInitializationError(`Could not configure the OpenAI client: ${detail}`, { cause: error })
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value : undefined
}
