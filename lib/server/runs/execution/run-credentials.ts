/**
 * The workspace credentials a run's agents choose (issue #32), opened before compile (which is synchronous), and the
 * client settings an agent gets with one. Precedence: a chosen credential, then a saved agent's own key, then the
 * server's key (chat-client-for.ts). A credential's key goes only to its own base URL (or, without one, to the
 * provider's own endpoint): an agent naming another base URL fails rather than send it there.
 *
 * A run uses its own workspace's credentials only: one of another workspace (or deleted) fails the run at start with
 * a message that says so, as the save check (foreign-references.ts) tells the editor beforehand.
 */
import { UserError } from '@/lib/core'
import type { CredentialProvider } from '@/lib/contracts/provider-credentials'
import type { ModelProvider, ModelSettings } from '@/lib/graph'
import type { AppContext } from '../../app-context'
import { MissingRunResourceError } from './run-errors'
import { openCredentialKey } from '../../credentials/credential-secret'
import { isCredentialProvider } from '../../credentials/provider-credential-service'

export interface OpenedCredential {
  id: string
  name: string
  provider: CredentialProvider
  apiKey: string
  /** Where the key goes (Azure OpenAI: the resource's endpoint); null: the provider's own endpoint. */
  baseUrl: string | null
  /** Azure OpenAI only: the API version its requests name. */
  apiVersion: string | null
}

/** `checkAddresses`: a member's run (an admin's reaches any address, as with agents' base URLs). */
export async function openRunCredentials(
  app: Pick<AppContext, 'db' | 'secrets' | 'outbound'>,
  ids: readonly string[],
  workspaceId: string | null,
  checkAddresses: boolean,
): Promise<Map<string, OpenedCredential>> {
  const opened = new Map<string, OpenedCredential>()
  if (ids.length === 0) return opened
  const rows = await app.db.prisma.providerCredential.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, workspaceId: true, name: true, provider: true, secret: true, baseUrl: true, apiVersion: true },
  })
  for (const id of ids) {
    const row = rows.find((candidate) => candidate.id === id)
    if (!row) throw new MissingRunResourceError(`The model credential '${id}' does not exist (was it deleted?): choose another one on the agent.`)
    if (row.workspaceId !== workspaceId)
      throw new MissingRunResourceError(`The model credential '${id}' belongs to another workspace: a run uses its own workspace's credentials only.`)
    const apiKey = openCredentialKey(app.secrets.box, row.secret)
    if (!apiKey || !isCredentialProvider(row.provider)) throw new MissingRunResourceError(`The model credential "${row.name}" holds no key: give it one.`)
    if (checkAddresses && row.baseUrl) {
      const refusal = await app.outbound.refusalOf(row.baseUrl)
      if (refusal) throw new UserError(`The model credential "${row.name}" points at an address this server may not reach: ${refusal.message}`)
    }
    opened.set(id, { id, name: row.name, provider: row.provider, apiKey, baseUrl: row.baseUrl, apiVersion: row.apiVersion })
  }
  return opened
}

/** OpenAI's two APIs take the same keys; an Azure OpenAI key is its resource's alone. */
const keyFamily = (provider: ModelProvider): string => (provider === 'openai_chat' || provider === 'default' ? 'openai' : provider)

/**
 * The settings an agent's client is made with when it chose `credential`: the credential's provider when the agent
 * leaves it to the server, and the credential's base URL.
 */
export function settingsWithCredential(settings: ModelSettings, credential: OpenedCredential): ModelSettings {
  const provider = settings.provider === 'default' ? credential.provider : settings.provider
  if (provider === 'demo' || keyFamily(provider) !== keyFamily(credential.provider))
    throw new UserError(
      `The model credential "${credential.name}" is a ${credential.provider} key, but the agent uses ${provider}: choose a credential for its provider, or change the provider.`,
    )
  const own = credential.baseUrl ?? ''
  if (settings.baseUrl && settings.baseUrl !== own)
    throw new UserError(
      `The agent names the base URL ${settings.baseUrl}, but its model credential "${credential.name}" ${own ? `is for ${own}` : "is for the provider's own endpoint"}: a credential's key goes only to its own address. Clear the agent's base URL.`,
    )
  return { ...settings, provider, baseUrl: own }
}
