/**
 * What a Responses request's `model` names: a saved agent or workflow the caller may see.
 *
 * - `agent:<name|id>[@version]` and `workflow:<name|id>[@version]` say which kind;
 * - a bare `<name|id>[@version]` is an agent when one matches, else a workflow;
 * - `@<digits>` at the end is a version (without it, the latest); a name may contain other `@`s;
 * - an id matches before a name; among names, the caller's own rows before others' (an admin sees
 *   everyone's), and two of the same kind with the name is a 400 `ambiguous_model` asking for the id.
 * Nothing found is the 404 of a missing model, whoever owns it.
 */
import type { Database } from '../db/database'
import type { RowChangeWatch } from '../db/row-change-watch'
import { WatchedCache } from '../db/watched-cache'
import { isAdmin, visibleTo, type Principal } from '../auth/principal'
import { DomainError, invalidInput } from '../domain-errors'

export type ModelKind = 'agent' | 'workflow'

interface ResolvedBase {
  id: string
  name: string
  /** The version asked for; undefined for the latest. */
  version?: number
}

/**
 * The version of an agent the model names (the one asked for, else the latest), read with the agent: a turn that is
 * not stored needs nothing more (unstored-turn.ts).
 */
export interface NamedAgentVersion {
  /** The version's row id: its turn document is kept under it (runs/version-documents.ts). */
  versionId: string
  workspaceId: string | null
  /** The role of the agent's creator, whose names it uses (name-owner.ts). */
  creatorRole: string | null
  definition: unknown
  /** The agent's own key, sealed as its row keeps it. */
  apiKey: string | null
}

export type ResolvedModel =
  | (ResolvedBase & { kind: 'workflow' })
  /** `agentVersion`: null when the agent has no such version. */
  | (ResolvedBase & { kind: 'agent'; agentVersion: NamedAgentVersion | null })

export type ResolvedAgent = Extract<ResolvedModel, { kind: 'agent' }>

export interface ModelReference {
  kind?: ModelKind
  ref: string
  version?: number
}

const VERSION_SUFFIX = /@(\d{1,9})$/

export function parseModelReference(model: string): ModelReference {
  let rest = model.trim()
  let kind: ModelKind | undefined
  const prefixed = /^(agent|workflow):/i.exec(rest)
  if (prefixed) {
    kind = prefixed[1].toLowerCase() as ModelKind
    rest = rest.slice(prefixed[0].length).trim()
  }
  const version = VERSION_SUFFIX.exec(rest)
  const ref = version ? rest.slice(0, version.index).trim() : rest
  if (!ref) throw invalidInput('invalid_model', `'${model}' names no agent or workflow: use agent:<name|id>[@version] or workflow:<name|id>[@version].`)
  return { kind, ref, ...(version ? { version: Number(version[1]) } : {}) }
}

export const modelNotFound = (model: string) =>
  new DomainError('not_found', `The model '${model}' does not exist: name one of your saved agents or workflows (agent:<name|id>, workflow:<name|id>).`)

type Candidate = { id: string; name: string; ownerId: string | null }

function pick<C extends Candidate>(candidates: C[], principal: Principal, kind: ModelKind, ref: string): C | undefined {
  const byId = candidates.find((row) => row.id === ref)
  if (byId) return byId
  const named = candidates.filter((row) => row.name === ref)
  const own = named.filter((row) => row.ownerId === principal.userId)
  const chosen = own.length > 0 ? own : named
  if (chosen.length > 1) {
    throw invalidInput('ambiguous_model', `${chosen.length} ${kind}s are named '${ref}': name it by id (${kind}:<id>).`, {
      ids: chosen.map((row) => row.id),
    })
  }
  return chosen[0]
}

type AgentCandidate = Candidate & NamedAgentVersion & { hasVersion: boolean }

/**
 * The agents a reference found for the workspaces a caller sees, kept in this process until an agent, a version or a
 * creator's role changes (migration row_changes) or KEPT_MAX_AGE_MS passes (watched-cache.ts): the Responses routes find one on
 * every request.
 */
export type AgentLookups = WatchedCache<AgentCandidate[]>
/** Each holds its versions' settings (instructions may be long): a few hundred lookups are what busy clients repeat. */
const AGENT_LOOKUPS_KEPT = 256

export function agentLookups(watch: Pick<RowChangeWatch, 'generation'>, maxAgeMs?: number): AgentLookups {
  return new WatchedCache(watch, 'agents', { maxAgeMs, maxEntries: AGENT_LOOKUPS_KEPT })
}

export async function resolveModel(db: Pick<Database, 'prisma' | 'sql'>, principal: Principal, model: string, lookups?: AgentLookups): Promise<ResolvedModel> {
  const reference = parseModelReference(model)
  if (reference.kind !== 'workflow') {
    const agent = pick(await agentCandidates(db, principal, reference, lookups), principal, 'agent', reference.ref)
    if (agent) {
      const { id, name, hasVersion, ownerId: _ownerId, ...agentVersion } = agent
      return { kind: 'agent', id, name, version: reference.version, agentVersion: hasVersion ? agentVersion : null }
    }
  }
  if (reference.kind !== 'agent') {
    const where = { OR: [{ id: reference.ref }, { name: reference.ref }], ...visibleTo(principal), deletedAt: null }
    const select = { id: true, name: true, ownerId: true } as const
    const workflow = pick(await db.prisma.workflow.findMany({ where, select, take: 50 }), principal, 'workflow', reference.ref)
    if (workflow) return { kind: 'workflow', id: workflow.id, name: workflow.name, version: reference.version }
  }
  throw modelNotFound(model)
}

/**
 * The agents the caller sees whose id or name is the reference, each with the version it names: one statement, as
 * a Responses request's agent is found on every request (BENCHMARKS.md, "OpenAI Responses endpoint overhead").
 */
function agentCandidates(db: Pick<Database, 'sql'>, principal: Principal, reference: ModelReference, lookups: AgentLookups | undefined) {
  const workspaces = isAdmin(principal) ? null : principal.memberships.map((member) => member.workspaceId)
  const read = () => readAgentCandidates(db, workspaces, reference)
  if (!lookups) return read()
  // The key is everything the statement reads with: the caller's workspaces (an admin: all), the reference, the version.
  return lookups.get(JSON.stringify([workspaces, reference.ref, reference.version ?? null]), read)
}

function readAgentCandidates(db: Pick<Database, 'sql'>, workspaces: string[] | null, reference: ModelReference) {
  return db.sql.query<AgentCandidate>(
    `SELECT a.id, a.name, a."ownerId", a."workspaceId", u.role AS "creatorRole", a."apiKey", v.id AS "versionId", v.definition, v.id IS NOT NULL AS "hasVersion"
     FROM "Agent" a LEFT JOIN "User" u ON u.id = a."ownerId"
       LEFT JOIN LATERAL (
         SELECT id, definition FROM "AgentVersion" WHERE "agentId" = a.id AND ($3::int IS NULL OR version = $3) ORDER BY version DESC LIMIT 1
       ) AS v ON true
     WHERE (a.id = $1 OR a.name = $1) AND ($2::text[] IS NULL OR a."workspaceId" = ANY($2::text[]))
     LIMIT 50`,
    [reference.ref, workspaces, reference.version ?? null],
  )
}
