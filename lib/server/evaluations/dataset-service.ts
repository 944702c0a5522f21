/**
 * Datasets and their immutable, numbered versions of rows (issue #31), owned like workflows: a dataset is its
 * workspace's, members see it by role (viewer reads, editor changes), anyone else gets the 404 of a missing one.
 * Every change of the rows — a save, an import, a row added from a run — stores a new version on top of the one
 * it started from; when another was saved since, nothing is stored and the answer is 409 `stale_version`.
 */
import { randomUUID } from 'node:crypto'
import {
  MAX_DATASET_ROWS,
  type DatasetFormat,
  type DatasetListResponse,
  type DatasetResponse,
  type DatasetRow,
  type DatasetRowInput,
  type DatasetSummary,
} from '@/lib/contracts/datasets'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { inputProblemsText, parseGraphDocument, runInputProblems } from '@/lib/graph'
import { requireRole, targetWorkspace, visibleTo, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { invalidInput, notFound } from '../domain-errors'
import type { RunService } from '../runs/run-service'
import { requireBase, staleVersion } from '../save-base'
import { visibleWorkflows } from '../workflows/workflow-service'
import { exportRows, importRows } from './dataset-files'
import { runAsRow } from './run-as-row'

type DatasetRecord = { id: string; name: string; description: string; workspaceId: string | null; workflowId: string | null; updatedAt: Date }
type VersionRecord = { version: number; rows: unknown; note: string | null; authorId: string | null; createdAt: Date }

/** A save's base: the version it started from, `latest` (imports and rows from runs that named none), or none (428). */
export type RowsBase = number | 'latest' | undefined

export class DatasetService {
  constructor(
    private readonly prisma: Prisma,
    private readonly runs: Pick<RunService, 'get'>,
  ) {}

  async list(principal: Principal, workspaceId?: string): Promise<DatasetListResponse> {
    const rows = await this.prisma.dataset.findMany({
      where: { ...visibleTo(principal), ...(workspaceId === undefined ? {} : { AND: [{ workspaceId }] }) },
      orderBy: { updatedAt: 'desc' },
      include: { versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true } } },
    })
    const counts = await this.latestRowCounts(rows.map((row) => row.id))
    return { datasets: rows.map((row) => presentSummary(row, row.versions[0]?.version ?? 0, counts.get(row.id))) }
  }

  /** The rows of each dataset's latest version, counted by Postgres (the list does not load them). */
  private async latestRowCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map()
    const counts = await this.prisma.$queryRaw<{ datasetId: string; count: number }[]>`
      SELECT DISTINCT ON ("datasetId") "datasetId", jsonb_array_length("rows")::int AS count
      FROM "DatasetVersion" WHERE "datasetId" = ANY(${ids}::text[]) ORDER BY "datasetId", "version" DESC`
    return new Map(counts.map((row) => [row.datasetId, row.count]))
  }

  async create(
    principal: Principal,
    input: { name: string; description?: string; workflowId?: string; rows?: DatasetRowInput[]; workspaceId?: string },
  ): Promise<DatasetResponse> {
    const workspaceId = targetWorkspace(principal, input.workspaceId, 'editor')
    if (input.workflowId !== undefined) await this.requireTypingWorkflow(principal, input.workflowId, workspaceId)
    const rows = await this.checkedRows(principal, input.workflowId ?? null, input.rows ?? [])
    const dataset = await this.prisma.dataset.create({
      data: {
        id: randomUUID(),
        name: input.name,
        description: input.description ?? '',
        ownerId: principal.userId,
        workspaceId,
        workflowId: input.workflowId ?? null,
        versions: { create: { version: 1, rows: rows as object[], authorId: principal.userId } },
      },
      include: { versions: true },
    })
    return this.present(principal, dataset, dataset.versions[0]!)
  }

  /** The dataset with one version's rows (the latest when none is named). */
  async get(principal: Principal, id: string, version?: number): Promise<DatasetResponse> {
    const dataset = await this.requireDataset(principal, id)
    const row = await this.prisma.datasetVersion.findFirst({
      where: { datasetId: id, ...(version === undefined ? {} : { version }) },
      orderBy: { version: 'desc' },
    })
    if (!row) throw notFound('Dataset version', `${id}@${version ?? 'latest'}`)
    const latest =
      version === undefined
        ? row.version
        : ((await this.prisma.datasetVersion.aggregate({ where: { datasetId: id }, _max: { version: true } }))._max.version ?? 0)
    return this.present(principal, dataset, row, latest)
  }

  /** The rows of one version (for experiments): its number and rows. */
  async rows(principal: Principal, id: string, version?: number): Promise<{ dataset: DatasetSummary; version: number; rows: DatasetRow[] }> {
    const { dataset, version: shown } = await this.get(principal, id, version)
    return { dataset, version: shown.version, rows: shown.rows }
  }

  async update(principal: Principal, id: string, changes: { name?: string; description?: string }): Promise<DatasetResponse> {
    await this.requireDataset(principal, id, 'editor')
    await this.prisma.dataset.update({ where: { id }, data: changes })
    return this.get(principal, id)
  }

  /** Deletes the dataset, its versions and the experiments run on it. */
  async delete(principal: Principal, id: string): Promise<{ deleted: { id: string } }> {
    await this.requireDataset(principal, id, 'editor')
    await this.prisma.dataset.delete({ where: { id } })
    return { deleted: { id } }
  }

  /** The rows as they now are, stored as the version after `base`. */
  async saveRows(principal: Principal, id: string, rows: DatasetRowInput[], base: RowsBase, note?: string): Promise<DatasetResponse> {
    const dataset = await this.requireDataset(principal, id, 'editor')
    return this.storeVersion(principal, dataset, () => rows, base, note)
  }

  async import(
    principal: Principal,
    id: string,
    input: { format: DatasetFormat; content: string; mode: 'append' | 'replace'; note?: string; baseVersion?: number },
  ): Promise<DatasetResponse> {
    const dataset = await this.requireDataset(principal, id, 'editor')
    const imported = importRows(input.content, input.format)
    const note = input.note ?? `Imported ${imported.length} row${imported.length === 1 ? '' : 's'} (${input.format})`
    return this.storeVersion(
      principal,
      dataset,
      (current) => (input.mode === 'replace' ? imported : [...current, ...imported]),
      input.baseVersion ?? 'latest',
      note,
    )
  }

  async export(principal: Principal, id: string, format: DatasetFormat, version?: number): Promise<{ name: string; version: number; text: string }> {
    const { dataset, version: shown } = await this.get(principal, id, version)
    return { name: dataset.name, version: shown.version, text: exportRows(shown.rows, format) }
  }

  /** A new row from a run the caller may see (404 otherwise): its input, and its outputs as the expected answer. */
  async addFromRun(principal: Principal, id: string, input: { runId: string; notes?: string; baseVersion?: number }): Promise<DatasetResponse> {
    const dataset = await this.requireDataset(principal, id, 'editor')
    const { run } = await this.runs.get(principal, input.runId)
    const row = runAsRow(run, input.notes)
    return this.storeVersion(principal, dataset, (current) => [...current, row], input.baseVersion ?? 'latest', `Added a row from run ${run.id}`)
  }

  private async storeVersion(
    principal: Principal,
    dataset: DatasetRecord,
    change: (current: DatasetRow[]) => DatasetRowInput[],
    named: RowsBase,
    note?: string,
  ): Promise<DatasetResponse> {
    const base = named === 'latest' ? named : requireBase(named, 'dataset')
    let number = 0
    try {
      const stored = await this.prisma.$transaction(async (tx) => {
        const latest = await tx.datasetVersion.findFirst({ where: { datasetId: dataset.id }, orderBy: { version: 'desc' } })
        number = latest?.version ?? 0
        if (base !== 'latest' && number !== base) throw await this.stale(base, latest)
        const rows = await this.checkedRows(principal, dataset.workflowId, change((latest?.rows as DatasetRow[] | undefined) ?? []))
        const created = await tx.datasetVersion.create({
          data: { datasetId: dataset.id, version: number + 1, rows: rows as object[], authorId: principal.userId, note: noteOf(note) },
        })
        await tx.dataset.update({ where: { id: dataset.id }, data: { updatedAt: new Date() } })
        return created
      })
      return this.present(principal, dataset, stored)
    } catch (error) {
      // Two saves from the same base: the unique version number lets one through.
      if ((error as { code?: string }).code === 'P2002') {
        throw await this.stale(number, await this.prisma.datasetVersion.findFirst({ where: { datasetId: dataset.id }, orderBy: { version: 'desc' } }))
      }
      throw error
    }
  }

  /** Rows with ids (new rows get one), at most MAX_DATASET_ROWS, ids unique, inputs fit for the typing workflow. */
  private async checkedRows(principal: Principal, workflowId: string | null, rows: readonly DatasetRowInput[]): Promise<DatasetRow[]> {
    if (rows.length > MAX_DATASET_ROWS) throw invalidInput('invalid_dataset', `A dataset can hold at most ${MAX_DATASET_ROWS} rows, not ${rows.length}.`)
    const seen = new Set<string>()
    const withIds = rows.map((row, index) => {
      const id = row.id ?? randomUUID()
      if (seen.has(id)) throw invalidInput('invalid_dataset', `Row ${index + 1}: the id ${JSON.stringify(id)} is already another row's.`, { row: index })
      seen.add(id)
      return { id, input: row.input, ...(row.expected === undefined ? {} : { expected: row.expected }), ...(row.notes ? { notes: row.notes } : {}) }
    })
    if (workflowId !== null && withIds.length > 0) await this.checkInputs(principal, workflowId, withIds)
    return withIds
  }

  /** Each input against the typing workflow's declared start fields (as a run of it checks them). */
  private async checkInputs(principal: Principal, workflowId: string, rows: readonly DatasetRow[]): Promise<void> {
    const latest = await this.prisma.workflowVersion.findFirst({
      where: { workflowId, workflow: visibleWorkflows(principal) },
      orderBy: { version: 'desc' },
      select: { graph: true },
    })
    const parsed = latest && parseGraphDocument(latest.graph)
    if (!parsed?.ok) return
    rows.forEach((row, index) => {
      const problems = runInputProblems(parsed.document, typeof row.input === 'string' ? row.input : JSON.stringify(row.input))
      if (problems.length > 0) {
        throw invalidInput('invalid_dataset', `Row ${index + 1}: the input does not match the workflow's input fields: ${inputProblemsText(problems)}`, {
          row: index,
          problems,
        })
      }
    })
  }

  private async requireTypingWorkflow(principal: Principal, workflowId: string, workspaceId: string | null): Promise<void> {
    const workflow = await this.prisma.workflow.findFirst({ where: { id: workflowId, ...visibleWorkflows(principal) }, select: { workspaceId: true } })
    if (!workflow) throw notFound('Workflow', workflowId)
    if (workflow.workspaceId !== workspaceId) throw invalidInput('invalid_dataset', 'The workflow that types the rows must be in the dataset’s workspace.')
  }

  /** 404 for a missing dataset and one the principal may not see alike; 403 below `role` in its workspace. */
  private async requireDataset(principal: Principal, id: string, role: WorkspaceRole = 'viewer'): Promise<DatasetRecord> {
    const dataset = await this.prisma.dataset.findFirst({ where: { id, ...visibleTo(principal) } })
    if (!dataset) throw notFound('Dataset', id)
    requireRole(principal, dataset.workspaceId, role)
    return dataset
  }

  private async stale(base: number, latest: { version: number; createdAt: Date; authorId: string | null } | null) {
    if (!latest) return staleVersion('dataset', base, { version: 0, savedAt: new Date(0).toISOString(), savedBy: null })
    const author = latest.authorId ? await this.prisma.user.findUnique({ where: { id: latest.authorId }, select: { id: true, name: true } }) : null
    return staleVersion('dataset', base, { version: latest.version, savedAt: latest.createdAt.toISOString(), savedBy: author })
  }

  private async present(principal: Principal, dataset: DatasetRecord, version: VersionRecord, latestVersion = version.version): Promise<DatasetResponse> {
    const author =
      version.authorId === null
        ? null
        : version.authorId === principal.userId
          ? { id: principal.userId, name: principal.name }
          : await this.prisma.user.findUnique({ where: { id: version.authorId }, select: { id: true, name: true } })
    return {
      dataset: presentSummary(dataset, latestVersion, version.version === latestVersion ? (version.rows as unknown[]).length : undefined),
      version: {
        version: version.version,
        createdAt: version.createdAt.toISOString(),
        note: version.note,
        author: author ?? null,
        rows: version.rows as DatasetRow[],
      },
    }
  }
}

function presentSummary(row: DatasetRecord, latestVersion: number, rowCount?: number): DatasetSummary {
  return {
    ...(rowCount === undefined ? {} : { rowCount }),
    id: row.id,
    name: row.name,
    description: row.description,
    workspaceId: row.workspaceId,
    workflowId: row.workflowId,
    latestVersion,
    updatedAt: row.updatedAt.toISOString(),
  }
}

function noteOf(note: string | undefined): string | null {
  return note === undefined || note.trim() === '' ? null : note.trim().slice(0, 500)
}
