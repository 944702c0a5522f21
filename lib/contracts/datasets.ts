/**
 * The HTTP contracts of datasets (issue #31): named sets of cases to evaluate a workflow or agent on, owned like
 * workflows (workspace roles) and versioned like them — every change of the rows is a new immutable version, and
 * a save names the version it started from (409 `stale_version` when another was saved since).
 */
import { z } from 'zod'
import { safeJson, safeText } from './safe-text'
import { baseVersionSchema, savedBySchema } from './save-base'
import { workspaceIdSchema } from './workspace-roles'

/** The most rows a dataset version holds: an experiment runs each of them (times its trials). */
export const MAX_DATASET_ROWS = 2_000
/** The largest import (CSV or JSONL text), in characters; the route's body limit is the import limit (5 MiB by default). */
export const MAX_IMPORT_CHARS = 4 * 1024 * 1024

const datasetName = safeText().trim().min(1, 'A dataset needs a name.').max(200, 'A dataset name can be at most 200 characters.')
const datasetDescription = safeText().max(5_000)
const rowId = safeText().trim().min(1).max(100)

/** A row's input: text, or a JSON object for a workflow whose start node declares input fields. */
export const datasetRowInputSchema = z.union([safeText().max(100_000), safeJson(z.record(z.string(), z.unknown()))])

/** A case: what the target gets, what a good answer is (for the evaluators that compare), and notes for people. */
export const datasetRowSchema = z.object({
  /** Stable across versions, so experiments on different versions compare row by row; given one when absent. */
  id: rowId.optional(),
  input: datasetRowInputSchema,
  expected: safeJson(z.unknown()).optional(),
  notes: safeText().max(5_000).optional(),
})
export type DatasetRowInput = z.input<typeof datasetRowSchema>

export const storedDatasetRowSchema = datasetRowSchema.extend({ id: z.string() })
export type DatasetRow = z.infer<typeof storedDatasetRowSchema>

const rows = z.array(datasetRowSchema).max(MAX_DATASET_ROWS, `A dataset can hold at most ${MAX_DATASET_ROWS} rows.`)

export const datasetIdParamsSchema = z.object({ id: safeText().min(1).max(100) })

/** POST /api/datasets. */
export const createDatasetRequestSchema = z.object({
  name: datasetName,
  description: datasetDescription.optional(),
  /** A workflow whose start fields type the rows' inputs: each row's input is checked against them on every save. */
  workflowId: safeText().min(1).max(100).optional(),
  rows: rows.optional(),
  workspaceId: workspaceIdSchema.optional(),
})
export type CreateDatasetRequest = z.input<typeof createDatasetRequestSchema>

/** PATCH /api/datasets/:id: what needs no new version. */
export const updateDatasetRequestSchema = z
  .object({ name: datasetName.optional(), description: datasetDescription.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, 'Nothing to update: give a name or a description.')

const versionNote = safeText().trim().max(500)

/** POST /api/datasets/:id/versions: the rows as they now are (added, changed, removed), on top of `baseVersion`. */
export const saveDatasetRowsRequestSchema = z.object({ rows, note: versionNote.optional(), baseVersion: baseVersionSchema.optional() })
export type SaveDatasetRowsRequest = z.input<typeof saveDatasetRowsRequestSchema>

export const datasetFormatSchema = z.enum(['csv', 'jsonl'])
export type DatasetFormat = z.infer<typeof datasetFormatSchema>

/**
 * POST /api/datasets/:id/import: CSV (a header row naming `input`, and optionally `expected`, `notes`, `id`) or JSONL
 * (one `{ input, expected?, notes?, id? }` per line). `append` (default) adds the rows after the current ones;
 * `replace` makes them the only rows. A new version either way, on top of `baseVersion` (default: the latest).
 */
export const importDatasetRequestSchema = z.object({
  format: datasetFormatSchema,
  content: z.string().max(MAX_IMPORT_CHARS, `An import can be at most ${MAX_IMPORT_CHARS} characters.`),
  mode: z.enum(['append', 'replace']).default('append'),
  note: versionNote.optional(),
  baseVersion: baseVersionSchema.optional(),
})

/** GET /api/datasets/:id/export?format=csv|jsonl (and GET /api/datasets/:id?version=n). */
export const exportDatasetQuerySchema = z.object({ format: datasetFormatSchema, version: z.coerce.number().int().positive().max(2_147_483_647).optional() })
export const datasetVersionQuerySchema = z.object({ version: z.coerce.number().int().positive().max(2_147_483_647).optional() })

/** POST /api/datasets/:id/rows/from-run: the run's input becomes the row's input, its outputs the expected answer. */
export const addRowFromRunRequestSchema = z.object({
  runId: safeText().min(1).max(100),
  notes: safeText().max(5_000).optional(),
  baseVersion: baseVersionSchema.optional(),
})

export const listDatasetsQuerySchema = z.object({ workspaceId: workspaceIdSchema.optional() })

export const datasetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  workspaceId: z.string().nullable(),
  workflowId: z.string().nullable(),
  latestVersion: z.number().int(),
  /** How many rows its latest version holds (absent when a view of an older version is answered). */
  rowCount: z.number().int().optional(),
  updatedAt: z.string(),
})
export type DatasetSummary = z.infer<typeof datasetSummarySchema>

export const datasetVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  note: z.string().nullable(),
  author: savedBySchema,
  rows: z.array(storedDatasetRowSchema),
})
export type DatasetVersionView = z.infer<typeof datasetVersionSchema>

/** GET /api/datasets/:id (and what create, PATCH and saves answer): the dataset and one version with its rows. */
export const datasetResponseSchema = z.object({ dataset: datasetSummarySchema, version: datasetVersionSchema })
export type DatasetResponse = z.infer<typeof datasetResponseSchema>

export const datasetListResponseSchema = z.object({ datasets: z.array(datasetSummarySchema) })
export type DatasetListResponse = z.infer<typeof datasetListResponseSchema>

export const deletedDatasetResponseSchema = z.object({ deleted: z.object({ id: z.string() }) })

/** GET /api/datasets/:id/export?format=csv: a header row `id,input,expected,notes`, then one record per row (RFC 4180). */
export const datasetCsvExportSchema = z.string()
/** GET /api/datasets/:id/export?format=jsonl: one `{ id, input, expected?, notes? }` per line. */
export const datasetJsonlExportSchema = z.string()
