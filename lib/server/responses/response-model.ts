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
import type { Prisma } from '../db/database'
import { visibleTo, type Principal } from '../auth/principal'
import { DomainError, invalidInput } from '../domain-errors'

export type ModelKind = 'agent' | 'workflow'

export interface ResolvedModel {
  kind: ModelKind
  id: string
  name: string
  /** The version asked for; undefined for the latest. */
  version?: number
}

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

function pick(candidates: Candidate[], principal: Principal, kind: ModelKind, ref: string): Candidate | undefined {
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

export async function resolveModel(prisma: Prisma, principal: Principal, model: string): Promise<ResolvedModel> {
  const reference = parseModelReference(model)
  const where = { OR: [{ id: reference.ref }, { name: reference.ref }], ...visibleTo(principal) }
  const select = { id: true, name: true, ownerId: true } as const
  if (reference.kind !== 'workflow') {
    const agent = pick(await prisma.agent.findMany({ where, select, take: 50 }), principal, 'agent', reference.ref)
    if (agent) return { kind: 'agent', id: agent.id, name: agent.name, version: reference.version }
  }
  if (reference.kind !== 'agent') {
    const workflow = pick(await prisma.workflow.findMany({ where: { ...where, deletedAt: null }, select, take: 50 }), principal, 'workflow', reference.ref)
    if (workflow) return { kind: 'workflow', id: workflow.id, name: workflow.name, version: reference.version }
  }
  throw modelNotFound(model)
}
