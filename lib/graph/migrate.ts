/**
 * Reading stored documents: upgrade older schema versions step by step, then parse with the
 * current schema. Version 1 is the first released shape, so the table is empty today; when
 * version 2 arrives, add `1: (v1) => v2` here and keep a v1 fixture in __fixtures__/valid.
 */
import { CURRENT_SCHEMA_VERSION, GraphDocumentSchema, type GraphDocument } from './document'
import { SystemError } from '@/lib/core/browser'
import { GraphDocumentError } from './errors'
import { error, problemsFromZodIssues, type GraphProblem } from './problems'

type RawDocument = Record<string, unknown>

/** Upgrades a raw document of version `n` to version `n + 1`. */
export type Migration = (document: RawDocument) => RawDocument

export type MigrationTable = Readonly<Record<number, Migration>>

export const MIGRATIONS: MigrationTable = {}

export type ParseDocumentResult = { ok: true; document: GraphDocument } | { ok: false; problems: GraphProblem[] }

/** Like migrateGraphDocument, but answers with problems instead of throwing. */
export function parseGraphDocument(raw: unknown, options: { migrations?: MigrationTable; currentVersion?: number } = {}): ParseDocumentResult {
  const upgraded = upgrade(raw, options.migrations ?? MIGRATIONS, options.currentVersion ?? CURRENT_SCHEMA_VERSION)
  if (!upgraded.ok) return upgraded
  const parsed = GraphDocumentSchema.safeParse(upgraded.document)
  if (!parsed.success) return { ok: false, problems: problemsFromZodIssues(parsed.error.issues, upgraded.document) }
  return { ok: true, document: parsed.data as GraphDocument }
}

/** Upgrades any supported stored version to the current one and parses it; throws GraphDocumentError. */
export function migrateGraphDocument(raw: unknown, options?: { migrations?: MigrationTable; currentVersion?: number }): GraphDocument {
  const result = parseGraphDocument(raw, options)
  if (result.ok) return result.document
  const first = result.problems[0]
  const more = result.problems.length > 1 ? ` (and ${result.problems.length - 1} more)` : ''
  throw new GraphDocumentError(`Invalid workflow document: ${first?.message ?? 'unknown problem'}${more}`, result.problems)
}

type UpgradeResult = { ok: true; document: RawDocument } | { ok: false; problems: GraphProblem[] }

function upgrade(raw: unknown, migrations: MigrationTable, currentVersion: number): UpgradeResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return fail('invalid_schema', 'A workflow document must be a JSON object.')
  }
  let document = raw as RawDocument
  const stored = document.schemaVersion
  if (typeof stored !== 'number' || !Number.isInteger(stored) || stored < 1) {
    return fail('unsupported_schema_version', 'The document has no valid schemaVersion (a positive integer).')
  }
  let version: number = stored
  if (version > currentVersion) {
    return fail('unsupported_schema_version', `The document has schemaVersion ${version}, newer than this app supports (${currentVersion}).`)
  }
  while (version < currentVersion) {
    const migration = migrations[version]
    if (!migration) return fail('unsupported_schema_version', `No upgrade path from schemaVersion ${version}.`)
    document = migration(document)
    if (document.schemaVersion !== version + 1) {
      // A migration that forgets to bump the version would loop forever; treat it as a bug.
      throw new SystemError(`Migration from schemaVersion ${version} did not produce version ${version + 1}.`)
    }
    version += 1
  }
  return { ok: true, document }
}

function fail(code: 'invalid_schema' | 'unsupported_schema_version', message: string): UpgradeResult {
  return { ok: false, problems: [{ ...error(code, message), path: code === 'invalid_schema' ? [] : ['schemaVersion'] }] }
}
