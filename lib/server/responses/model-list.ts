/**
 * `GET /v1/models`: the saved agents and workflows the caller may run as a Responses `model` (those of the
 * workspaces where they are a runner or more; an admin's: all), with a version to run, in OpenAI's list shape.
 *
 * Each model's `id` is what to send as `model`: `agent:<name>` when that names this one (response-model.ts picks
 * the caller's own first, and two of a kind with one name are ambiguous), else `agent:<id>`. The names are judged
 * among everything the caller can see, as resolveModel judges them, not only among what is listed.
 */
import type { ModelList, OpenAiModel } from '@/lib/contracts/responses'
import type { Prisma } from '../db/database'
import { visibleTo, workspacesWithRole, type Principal } from '../auth/principal'
import { parseModelReference, type ModelKind } from './response-model'

/** Enough for any installation's list, and a bound on the statement. */
const MAX_PER_KIND = 2_000

interface Row {
  id: string
  name: string
  ownerId: string | null
  workspaceId: string | null
  createdAt: Date
  workspace: { name: string } | null
  versions: Array<{ id: string }>
}

export async function listModels(prisma: Prisma, principal: Principal): Promise<ModelList> {
  const select = {
    id: true,
    name: true,
    ownerId: true,
    workspaceId: true,
    createdAt: true,
    workspace: { select: { name: true } },
    versions: { select: { id: true }, take: 1 },
  } as const
  const orderBy = { updatedAt: 'desc' } as const
  const [agents, workflows] = await Promise.all([
    prisma.agent.findMany({ where: visibleTo(principal), select, orderBy, take: MAX_PER_KIND }),
    prisma.workflow.findMany({ where: { ...visibleTo(principal), deletedAt: null }, select, orderBy, take: MAX_PER_KIND }),
  ])
  return { object: 'list', data: [...modelsOf('agent', agents, principal), ...modelsOf('workflow', workflows, principal)] }
}

function modelsOf(kind: ModelKind, visible: readonly Row[], principal: Principal): OpenAiModel[] {
  const runnable = workspacesWithRole(principal, 'runner')
  const mayRun = (row: Row) => row.versions.length > 0 && (runnable === undefined || runnable.includes(row.workspaceId ?? ''))
  const byName = new Map<string, Row[]>()
  for (const row of visible) byName.set(row.name, [...(byName.get(row.name) ?? []), row])
  const ids = new Set(visible.map((row) => row.id))
  return visible.filter(mayRun).map((row) => ({
    id: `${kind}:${namesAlone(row, byName.get(row.name) ?? [], ids, principal) ? row.name : row.id}`,
    object: 'model',
    created: Math.floor(row.createdAt.getTime() / 1000),
    owned_by: row.workspace?.name ?? '',
    agentloom: { kind, id: row.id, name: row.name },
  }))
}

/**
 * True when `<kind>:<name>` resolves to this row for the caller (response-model.ts: an id first, then the caller's
 * own among those `named` so), and reads back as the name (not blank, no `@<digits>` a version would be taken from).
 */
function namesAlone(row: Row, named: readonly Row[], ids: ReadonlySet<string>, principal: Principal): boolean {
  if (row.name.trim() !== row.name || row.name === '' || ids.has(row.name)) return false
  const reference = parseModelReference(`agent:${row.name}`)
  if (reference.ref !== row.name || reference.version !== undefined) return false
  const own = named.filter((other) => other.ownerId === principal.userId)
  const chosen = own.length > 0 ? own : named
  return chosen.length === 1 && chosen[0].id === row.id
}
