/**
 * The models a provider offers, for a person choosing an agent's model (lib/core's listProviderModels).
 * Keys as a run uses them (compile/chat-client-for.ts): the server's key goes only to the provider's own
 * endpoint, never to a base URL given here; a member's base URL (and Ollama's default localhost, which is
 * not the admin's choice) goes through the outbound policy, as a run's would.
 */
import { listProviderModels, type ModelListProvider } from '@/lib/core'
import type { ProviderModelsQuery, ProviderModelsResult } from '@/lib/contracts/provider-models'
import type { AppContext } from '../app-context'
import { isAdmin, type Principal } from '../auth/principal'
import { invalidInput } from '../domain-errors'
import { pinnedFetch } from '../outbound/pinned-connection'

const SERVER_KEY_NAMES: Record<Exclude<ModelListProvider, 'ollama'>, string[]> = {
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
}
const SERVER_BASE_URLS: Record<ModelListProvider, string> = {
  openai: 'OPENAI_BASE_URL',
  anthropic: 'ANTHROPIC_BASE_URL',
  gemini: 'GEMINI_BASE_URL',
  ollama: 'OLLAMA_BASE_URL',
}

export async function listModelsFor(
  app: Pick<AppContext, 'outbound'>,
  principal: Principal,
  query: ProviderModelsQuery,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProviderModelsResult> {
  const { provider, baseUrl } = query
  const serverBaseUrl = env[SERVER_BASE_URLS[provider]]?.trim() || undefined
  // Whose address this is: the person's (a base URL given, or Ollama's default), or the admin's (the server's own).
  const chosenAddress = baseUrl !== undefined || (provider === 'ollama' && !serverBaseUrl)
  if (baseUrl !== undefined && !isAdmin(principal)) {
    const refusal = await app.outbound.refusalOf(baseUrl)
    if (refusal) throw invalidInput('outbound_address_refused', `baseUrl: ${refusal.message}`, { issues: [{ path: 'baseUrl', message: refusal.message }] })
  }
  const apiKey = baseUrl !== undefined || provider === 'ollama' ? 'none' : serverKey(provider, env)
  if (!apiKey) {
    const names = SERVER_KEY_NAMES[provider as Exclude<ModelListProvider, 'ollama'>].join(' or ')
    return { ok: false, models: [], error: `The server has no key for this provider (${names}): give a base URL, or ask an admin to set it.` }
  }
  try {
    const models = await listProviderModels({
      provider,
      apiKey,
      baseURL: baseUrl ?? serverBaseUrl,
      env: {},
      ...(chosenAddress && !isAdmin(principal) ? { fetch: pinnedFetch(app.outbound) } : {}),
    })
    return { ok: true, models }
  } catch (error) {
    return { ok: false, models: [], error: error instanceof Error ? error.message : String(error) }
  }
}

function serverKey(provider: ModelListProvider, env: NodeJS.ProcessEnv): string | undefined {
  if (provider === 'ollama') return undefined
  for (const name of SERVER_KEY_NAMES[provider]) {
    const value = env[name]?.trim()
    if (value) return value
  }
  return undefined
}
