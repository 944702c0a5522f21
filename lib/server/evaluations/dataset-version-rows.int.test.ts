/** Dataset versions' rows, read once per process: a second read asks the database nothing, and the least used goes first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servicesFor, type Services } from '../services'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { DatasetVersionRows } from './dataset-version-rows'

describe('DatasetVersionRows', () => {
  let app: TestApp
  let services: Services
  beforeAll(async () => {
    app = await createTestApp()
    services = servicesFor(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  async function dataset(name: string): Promise<string> {
    const owner = principalOf(await app.addUser('member'))
    return (await services.datasets.create(owner, { name, rows: [{ input: `${name} question`, expected: `${name} answer` }] })).dataset.id
  }

  /** Deletes the version's row behind the cache's back: what a read returns afterwards was kept, not read again. */
  const forget = (datasetId: string) => app.db.prisma.datasetVersion.deleteMany({ where: { datasetId } })

  it('reads a version once and keeps it; a version that does not exist is not kept', async () => {
    const rows = new DatasetVersionRows(app.db.prisma)
    const id = await dataset('kept')
    expect(await rows.read(id, 2)).toEqual([])
    const first = await rows.read(id, 1)
    expect(first).toMatchObject([{ input: 'kept question', expected: 'kept answer' }])
    await forget(id)
    expect(await rows.read(id, 1)).toBe(first)
  })

  it('drops the least recently used version beyond its capacity', async () => {
    const rows = new DatasetVersionRows(app.db.prisma, 2)
    const [a, b, c] = [await dataset('a'), await dataset('b'), await dataset('c')]
    await rows.read(a, 1)
    await rows.read(b, 1)
    await rows.read(a, 1) // a is now the most recently used
    await rows.read(c, 1) // b goes
    await Promise.all([forget(a), forget(b), forget(c)])
    expect(await rows.read(a, 1)).toHaveLength(1)
    expect(await rows.read(c, 1)).toHaveLength(1)
    expect(await rows.read(b, 1)).toEqual([])
  })
})
