import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { databaseOptionsFromEnv, defaultDataDir } from './database'

describe('databaseOptionsFromEnv', () => {
  it('uses the Postgres at DATABASE_URL when it is set', () => {
    expect(databaseOptionsFromEnv({ DATABASE_URL: 'postgresql://db/agentloom', AGENTLOOM_DATA_DIR: '/srv/data' })).toEqual({
      kind: 'postgres',
      url: 'postgresql://db/agentloom',
    })
  })

  it('otherwise uses the embedded server of AGENTLOOM_DATA_DIR, or of .data/postgres', () => {
    expect(databaseOptionsFromEnv({ AGENTLOOM_DATA_DIR: '/srv/data' })).toEqual({ kind: 'embedded', dataDir: '/srv/data' })
    expect(databaseOptionsFromEnv({})).toEqual({ kind: 'embedded', dataDir: join(process.cwd(), '.data', 'postgres') })
    expect(defaultDataDir('/app')).toBe('/app/.data/postgres')
  })
})
