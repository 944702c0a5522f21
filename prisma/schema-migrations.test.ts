import { describe, expect, it } from 'vitest'
import { diffMigrationsToSchema } from '../scripts/schema-engine'

describe('prisma/migrations', () => {
  it('agree with schema.prisma (run `npm run db:migrate:new -- <name>` after editing the schema)', async () => {
    expect(await diffMigrationsToSchema()).toBe('')
  }, 60_000)
})
