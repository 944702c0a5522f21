/**
 * The models a provider offers, for a person choosing an agent's model (lib/core's listProviderModels).
 * Keys as a run uses them (compile/chat-client-for.ts): the server's key goes only to the provider's own
 * endpoint, never to a base URL given here; a member's base URL (and Ollama's default localhost, which is
 * not the admin's choice) goes through the outbound policy, as a run's would. A workspace credential (issue #32) is
 * asked with its own key at its own base URL (or its provider's endpoint), never anywhere else.
 */
import { listProviderModels, type ModelListProvider } from '@/lib/core'
import type { ProviderModelsQuery, ProviderModelsResult } from '@/lib/contracts/provider-models'
import type { AppContext } from '../app-context'
import { canSee, isAdmin, type Principal } from '../auth/principal'
import { openCredentialKey } from '../credentials/credential-secret'
import { invalidInput, notFound } from '../domain-errors'
import { outboundRefusalIn } from '../outbound/outbound-policy'
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
  app: Pick<AppContext, 'outbound' | 'db' | 'secrets'>,
  principal: Principal,
  query: ProviderModelsQuery,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProviderModelsResult> {
  if (query.credentialId !== undefined) return listWithCredential(app, principal, query.credentialId, env)
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
    return { ok: false, models: [], error: failureMessage(error) }
  }
}

/** Why a list failed: the outbound policy's refusal when fetch wrapped one (its own message is only "fetch failed"). */
function failureMessage(error: unknown): string {
  const refusal = outboundRefusalIn(error)
  if (refusal) return refusal.message
  return error instanceof Error ? error.message : String(error)
}

function serverKey(provider: ModelListProvider, env: NodeJS.ProcessEnv): string | undefined {
  if (provider === 'ollama') return undefined
  for (const name of SERVER_KEY_NAMES[provider]) {
    const value = env[name]?.trim()
    if (value) return value
  }
  return undefined
}

/** The credential's provider as a list endpoint knows it (OpenAI's two APIs list the same models). */
const LIST_PROVIDER: Record<string, ModelListProvider> = { openai: 'openai', openai_chat: 'openai', anthropic: 'anthropic', gemini: 'gemini', ollama: 'ollama' }

/** An Azure resource's deployments are listed only by the Azure management API (Entra ID sign-in), not with the resource's key. */
const AZURE_UNLISTED: ProviderModelsResult = {
  ok: false,
  models: [],
  error: 'Azure OpenAI deployments cannot be listed with an API key: type the deployment name.',
}

async function listWithCredential(
  app: Pick<AppContext, 'outbound' | 'db' | 'secrets'>,
  principal: Principal,
  credentialId: string,
  env: NodeJS.ProcessEnv,
): Promise<ProviderModelsResult> {
  const row = await app.db.prisma.providerCredential.findUnique({
    where: { id: credentialId },
    select: { workspaceId: true, provider: true, secret: true, baseUrl: true },
  })
  if (row?.provider === 'azure_openai' && canSee(principal, row.workspaceId)) return AZURE_UNLISTED
  const provider = row ? LIST_PROVIDER[row.provider] : undefined
  if (!row || !provider || !canSee(principal, row.workspaceId)) throw notFound('Credential', credentialId)
  const member = !isAdmin(principal)
  if (row.baseUrl && member) {
    const refusal = await app.outbound.refusalOf(row.baseUrl)
    if (refusal) return { ok: false, models: [], error: `The credential's base URL: ${refusal.message}` }
  }
  // Without a base URL the key goes to the provider's own endpoint (the admin's, for Ollama when set).
  const serverBaseUrl = env[SERVER_BASE_URLS[provider]]?.trim() || undefined
  const chosenAddress = row.baseUrl !== null || (provider === 'ollama' && !serverBaseUrl)
  const apiKey = openCredentialKey(app.secrets.box, row.secret) ?? 'none'
  try {
    const models = await listProviderModels({
      provider,
      apiKey,
      baseURL: row.baseUrl ?? serverBaseUrl,
      env: {},
      ...(chosenAddress && member ? { fetch: pinnedFetch(app.outbound) } : {}),
    })
    return { ok: true, models }
  } catch (error) {
    // A provider's answer may quote the key it was sent.
    return { ok: false, models: [], error: failureMessage(error).split(apiKey).join('[secret]') }
  }
}
