/**
 * A workspace's model credentials (issue #32): list, add, change (a new key replaces the kept one) and delete. Owners
 * and editors manage them and see each key's last 4 characters and base URL; runners, approvers and viewers list names
 * and providers only (what the model picker needs). A base URL is where the key is sent: it passes the outbound policy
 * when saved (and again when a run uses it, run-credentials.ts). The key is sealed at rest and never answered.
 *
 * An Azure OpenAI credential's endpoint is where its key is sent, so it is kept as the base URL (and checked alike); it is
 * answered as `endpoint`, beside its API version.
 */
import type { CreateCredentialData, CredentialProvider, CredentialView, UpdateCredentialRequest } from '@/lib/contracts/provider-credentials'
import { CREDENTIAL_PROVIDERS } from '@/lib/contracts/provider-credentials'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import { canSee, hasRole, isAdmin, requireRole, type Principal } from '../auth/principal'
import { conflict, invalidInput, notFound } from '../domain-errors'
import { requireBase, staleVersion } from '../save-base'
import { keyHintOf, sealCredentialKey } from './credential-secret'

const RESOURCE = 'provider_credential'

interface CredentialRow {
  id: string
  workspaceId: string
  name: string
  provider: string
  keyHint: string
  baseUrl: string | null
  apiVersion: string | null
  version: number
  createdAt: Date
  updatedAt: Date
}

const SELECT = {
  id: true,
  workspaceId: true,
  name: true,
  provider: true,
  keyHint: true,
  baseUrl: true,
  apiVersion: true,
  version: true,
  createdAt: true,
  updatedAt: true,
} as const

export function isCredentialProvider(value: string): value is CredentialProvider {
  return (CREDENTIAL_PROVIDERS as readonly string[]).includes(value)
}

export class ProviderCredentialService {
  constructor(private readonly app: Pick<AppContext, 'db' | 'secrets' | 'outbound'>) {}

  private get prisma() {
    return this.app.db.prisma
  }

  async list(principal: Principal, workspaceId: string): Promise<CredentialView[]> {
    await this.requireWorkspace(principal, workspaceId)
    const rows = await this.prisma.providerCredential.findMany({ where: { workspaceId }, select: SELECT, orderBy: { name: 'asc' } })
    const full = hasRole(principal, workspaceId, 'editor')
    return rows.map((row) => present(row, full))
  }

  async create(principal: Principal, workspaceId: string, input: CreateCredentialData): Promise<CredentialView> {
    await this.requireWorkspace(principal, workspaceId)
    requireRole(principal, workspaceId, 'editor')
    const azure = input.provider === 'azure_openai'
    const baseUrl = azure ? input.endpoint : input.baseUrl || null
    await this.checkAddress(principal, baseUrl, azure ? 'endpoint' : 'baseUrl')
    const taken = await this.prisma.providerCredential.findUnique({ where: { workspaceId_name: { workspaceId, name: input.name } }, select: { id: true } })
    if (taken) throw nameTaken(input.name)
    const row = await this.prisma.$transaction(async (tx) => {
      const created = await tx.providerCredential.create({
        data: {
          workspaceId,
          name: input.name,
          provider: input.provider,
          secret: sealCredentialKey(this.app.secrets.box, input.apiKey),
          keyHint: keyHintOf(input.apiKey),
          baseUrl,
          apiVersion: azure ? input.apiVersion : null,
          createdById: principal.userId,
        },
        select: SELECT,
      })
      await recordAudit(tx, {
        actorId: principal.userId,
        action: 'credential.create',
        resourceType: RESOURCE,
        resourceId: created.id,
        details: { name: created.name, provider: created.provider },
        workspaceId,
      })
      return created
    })
    this.app.secrets.invalidate()
    return present(row, true)
  }

  async update(principal: Principal, id: string, changes: Omit<UpdateCredentialRequest, 'baseVersion'>, base: number | undefined): Promise<CredentialView> {
    const current = await this.find(principal, id)
    requireRole(principal, current.workspaceId, 'editor')
    if (Object.values(changes).every((value) => value === undefined))
      throw invalidInput('invalid_request', 'Nothing to change: give a name, a key, a base URL, or (Azure OpenAI) an endpoint or API version.')
    const azure = current.provider === 'azure_openai'
    misplacedFields(changes, azure)
    const baseVersion = requireBase(base, 'credential')
    const baseUrl = azure ? changes.endpoint : changes.baseUrl === undefined ? undefined : changes.baseUrl || null
    if (baseUrl) await this.checkAddress(principal, baseUrl, azure ? 'endpoint' : 'baseUrl')
    if (changes.name !== undefined && changes.name !== current.name) {
      const taken = await this.prisma.providerCredential.findUnique({
        where: { workspaceId_name: { workspaceId: current.workspaceId, name: changes.name } },
        select: { id: true },
      })
      if (taken) throw nameTaken(changes.name)
    }
    const row = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.providerCredential.updateMany({
        where: { id, version: baseVersion },
        data: {
          version: { increment: 1 },
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(baseUrl === undefined ? {} : { baseUrl }),
          ...(changes.apiVersion === undefined ? {} : { apiVersion: changes.apiVersion }),
          ...(changes.apiKey === undefined ? {} : { secret: sealCredentialKey(this.app.secrets.box, changes.apiKey), keyHint: keyHintOf(changes.apiKey) }),
        },
      })
      if (count === 0) {
        const now = await tx.providerCredential.findUniqueOrThrow({ where: { id }, select: { version: true, updatedAt: true } })
        throw staleVersion('credential', baseVersion, { version: now.version, savedAt: now.updatedAt.toISOString(), savedBy: null })
      }
      await recordAudit(tx, {
        actorId: principal.userId,
        action: 'credential.update',
        resourceType: RESOURCE,
        resourceId: id,
        details: { name: changes.name ?? current.name, keyReplaced: changes.apiKey !== undefined, baseUrlChanged: baseUrl !== undefined },
        workspaceId: current.workspaceId,
      })
      return tx.providerCredential.findUniqueOrThrow({ where: { id }, select: SELECT })
    })
    if (changes.apiKey !== undefined) this.app.secrets.invalidate()
    return present(row, true)
  }

  async remove(principal: Principal, id: string): Promise<{ id: string; deleted: true }> {
    const current = await this.find(principal, id)
    requireRole(principal, current.workspaceId, 'editor')
    await this.prisma.$transaction(async (tx) => {
      await tx.providerCredential.delete({ where: { id } })
      await recordAudit(tx, {
        actorId: principal.userId,
        action: 'credential.delete',
        resourceType: RESOURCE,
        resourceId: id,
        details: { name: current.name },
        workspaceId: current.workspaceId,
      })
    })
    this.app.secrets.invalidate()
    return { id, deleted: true }
  }

  /** A credential the principal can see; the same 404 as a missing one otherwise. */
  private async find(principal: Principal, id: string): Promise<CredentialRow> {
    const row = await this.prisma.providerCredential.findUnique({ where: { id }, select: SELECT })
    if (!row || !canSee(principal, row.workspaceId)) throw notFound('Credential', id)
    return row
  }

  /** An admin's address is theirs to choose (as on agents); a member's passes the outbound policy. */
  private async checkAddress(principal: Principal, baseUrl: string | null, field: 'baseUrl' | 'endpoint'): Promise<void> {
    if (!baseUrl || isAdmin(principal)) return
    const refusal = await this.app.outbound.refusalOf(baseUrl)
    if (refusal) throw invalidInput('outbound_address_refused', `${field}: ${refusal.message}`, { issues: [{ path: field, message: refusal.message }] })
  }

  private async requireWorkspace(principal: Principal, workspaceId: string): Promise<void> {
    const found = canSee(principal, workspaceId) ? await this.prisma.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } }) : null
    if (!found) throw notFound('Workspace', workspaceId)
  }
}

/** An Azure OpenAI credential has an endpoint and API version rather than a base URL; the other providers the other way round. */
function misplacedFields(changes: Omit<UpdateCredentialRequest, 'baseVersion'>, azure: boolean): void {
  const misplaced = azure ? (['baseUrl'] as const) : (['endpoint', 'apiVersion'] as const)
  const field = misplaced.find((name) => changes[name] !== undefined)
  if (!field) return
  const message = azure
    ? 'An Azure OpenAI credential has no base URL: change its endpoint instead.'
    : `Only an Azure OpenAI credential has ${field === 'endpoint' ? 'an endpoint' : 'an API version'}: change its base URL instead.`
  throw invalidInput('invalid_request', `${field}: ${message}`, { issues: [{ path: field, message }] })
}

function nameTaken(name: string) {
  return conflict('credential_exists', `This workspace already has a credential named "${name}": choose another name.`)
}

/** `full`: owners and editors (and admins) see the key's last 4 characters and the base URL (Azure: endpoint and API version); others the name and provider. */
function present(row: CredentialRow, full: boolean): CredentialView {
  const view: CredentialView = {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    provider: isCredentialProvider(row.provider) ? row.provider : 'openai',
    hasKey: true,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
  if (!full) return view
  const address =
    view.provider === 'azure_openai'
      ? { baseUrl: null, ...(row.baseUrl ? { endpoint: row.baseUrl } : {}), ...(row.apiVersion ? { apiVersion: row.apiVersion } : {}) }
      : { baseUrl: row.baseUrl }
  return { ...view, ...address, ...(row.keyHint ? { keyLast4: row.keyHint } : {}) }
}
