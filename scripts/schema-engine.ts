/**
 * Drives Prisma's WASM schema engine against an in-memory PGlite (the native engine cannot be
 * downloaded here; see ../shared/reference/stack-notes.md). Used to generate migrations and to
 * check that schema.prisma and prisma/migrations agree.
 */
import { readFile, readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaPGlite } from 'pglite-prisma-adapter'

const require = createRequire(import.meta.url)

export const PRISMA_DIR = join(process.cwd(), 'prisma')
export const SCHEMA_PATH = join(PRISMA_DIR, 'schema.prisma')
export const MIGRATIONS_DIR = join(PRISMA_DIR, 'migrations')

type Engine = {
  diff(params: unknown): Promise<{ exitCode: number; stdout?: string | null }>
  free(): void
}

async function loadSchemaEngine(schema: string): Promise<Engine> {
  // Node 20 cannot import .wasm modules: instantiate the engine's bytes by hand.
  const bindingsPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')
  const bindings = (await import(bindingsPath)) as Record<string, unknown> & {
    __wbg_set_wasm(exports: WebAssembly.Exports): void
    SchemaEngine: { new: (options: unknown, log: (line: string) => void, adapter: object) => Promise<Engine> }
  }
  const bytes = await readFile(bindingsPath.replace(/\.js$/, '.wasm'))
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bindings as WebAssembly.ModuleImports })
  bindings.__wbg_set_wasm(instance.exports)
  ;(instance.exports.__wbindgen_start as () => void)()
  return bindings.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(oneInMemoryDatabase()))
}

/**
 * One in-memory PGlite as both the engine's database and its shadow database (where it replays the migrations).
 * PrismaPGlite would start a second PGlite for the shadow, seconds of CPU for a database a diff never reads:
 * nothing is ever stored in the engine's own database here, so the shadow starts as empty as a new one would.
 */
function oneInMemoryDatabase(): SqlMigrationAwareDriverAdapterFactory {
  const database = new PrismaPGlite(new PGlite())
  return { provider: database.provider, adapterName: database.adapterName, connect: () => database.connect(), connectToShadowDb: () => database.connect() }
}

export async function readMigrationList() {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true }).catch(() => [])
  const directories = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  const migrationDirectories = await Promise.all(
    directories.map(async (dir) => ({
      path: dir,
      migrationFile: {
        path: 'migration.sql',
        content: await readFile(join(MIGRATIONS_DIR, dir, 'migration.sql'), 'utf8').then(
          (text) => ({ tag: 'ok' as const, value: text }),
          (error: Error) => ({ tag: 'error' as const, value: error.message }),
        ),
      },
    })),
  )
  const lockPath = join(MIGRATIONS_DIR, 'migration_lock.toml')
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: relative(MIGRATIONS_DIR, lockPath), content: await readFile(lockPath, 'utf8').catch(() => null) },
    shadowDbInitScript: '',
    migrationDirectories,
  }
}

/** The SQL that takes a database migrated with prisma/migrations to what schema.prisma describes ('' when they agree). */
export async function diffMigrationsToSchema(): Promise<string> {
  const schema = await readFile(SCHEMA_PATH, 'utf8')
  const engine = await loadSchemaEngine(schema)
  try {
    const migrations = await readMigrationList()
    const result = await engine.diff({
      from: migrations.migrationDirectories.length ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    })
    return result.exitCode === 2 ? (result.stdout ?? '') : ''
  } finally {
    engine.free()
  }
}
