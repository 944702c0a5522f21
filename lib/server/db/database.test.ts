import { chmodSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { databaseOptionsFromEnv } from './database'

describe('databaseOptionsFromEnv', () => {
  it('uses the Postgres at DATABASE_URL when it is set', () => {
    expect(databaseOptionsFromEnv({ DATABASE_URL: 'postgresql://db/agentloom', AGENTLOOM_DATA_DIR: '/srv/data' })).toEqual({
      kind: 'postgres',
      url: 'postgresql://db/agentloom',
    })
  })

  it('otherwise uses the embedded server of AGENTLOOM_DATA_DIR, or of the checkout’s .data/postgres', () => {
    expect(databaseOptionsFromEnv({ AGENTLOOM_DATA_DIR: '/srv/data' })).toEqual({ kind: 'embedded', dataDir: '/srv/data' })
    // A folder anyone may pass through: the data stays in the checkout, as root or not.
    const checkout = mkdtempSync(join(tmpdir(), 'agentloom-options-'))
    chmodSync(checkout, 0o755)
    expect(databaseOptionsFromEnv({}, checkout)).toMatchObject({ kind: 'embedded', dataDir: join(checkout, '.data', 'postgres') })
  })
})
