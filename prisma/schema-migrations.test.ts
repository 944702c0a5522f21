import { describe, expect, it } from 'vitest'
import { diffMigrationsToSchema } from '../scripts/schema-engine'

describe('prisma/migrations', () => {
  it('agree with schema.prisma (run `npm run db:migrate:new -- <name>` after editing the schema)', async () => {
    expect(await diffMigrationsToSchema()).toBe('')
  }, 300_000) // an outer limit: replaying every migration in PGlite (WASM) takes a minute on a loaded machine
})
