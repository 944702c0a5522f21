/**
 * A workspace's model credentials (issue #32): list, add, change (a new key replaces the kept one) and delete. Owners
 * and editors manage them and see each key's last 4 characters and base URL; runners, approvers and viewers list names
 * and providers only (what the model picker needs). A base URL is where the key is sent: it passes the outbound policy
 * when saved (and again when a run uses it, run-credentials.ts). The key is sealed at rest and never answered.
 */
import type { CreateCredentialRequest, CredentialProvider, CredentialView, UpdateCredentialRequest } from '@/lib/contracts/provider-credentials'
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

  async create(principal: Principal, workspaceId: string, input: CreateCredentialRequest): Promise<CredentialView> {
    await this.requireWorkspace(principal, workspaceId)
    requireRole(principal, workspaceId, 'editor')
    const baseUrl = input.baseUrl || null
    await this.checkAddress(principal, baseUrl)
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
    if (changes.name === undefined && changes.apiKey === undefined && changes.baseUrl === undefined)
      throw invalidInput('invalid_request', 'Nothing to change: give a name, a key or a base URL.')
    const baseVersion = requireBase(base, 'credential')
    const baseUrl = changes.baseUrl === undefined ? undefined : changes.baseUrl || null
    if (baseUrl) await this.checkAddress(principal, baseUrl)
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
  private async checkAddress(principal: Principal, baseUrl: string | null): Promise<void> {
    if (!baseUrl || isAdmin(principal)) return
    const refusal = await this.app.outbound.refusalOf(baseUrl)
    if (refusal) throw invalidInput('outbound_address_refused', `baseUrl: ${refusal.message}`, { issues: [{ path: 'baseUrl', message: refusal.message }] })
  }

  private async requireWorkspace(principal: Principal, workspaceId: string): Promise<void> {
    const found = canSee(principal, workspaceId) ? await this.prisma.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } }) : null
    if (!found) throw notFound('Workspace', workspaceId)
  }
}

function nameTaken(name: string) {
  return conflict('credential_exists', `This workspace already has a credential named "${name}": choose another name.`)
}

/** `full`: owners and editors (and admins) see the key's last 4 characters and the base URL; others the name and provider. */
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
  if (full) return { ...view, baseUrl: row.baseUrl, ...(row.keyHint ? { keyLast4: row.keyHint } : {}) }
  return view
}
