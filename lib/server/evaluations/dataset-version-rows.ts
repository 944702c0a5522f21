/**
 * Dataset versions' rows, read once per process for the experiment steps. A version never changes once saved (an
 * edit saves a new one), and every step of an experiment needs its rows: read from the database each time, an
 * experiment of 1,000 rows, stepped on each of its runs' ends, read and parsed its dataset 1,000 times over.
 */
import type { DatasetRow } from '@/lib/contracts/datasets'
import type { AppContext } from '../app-context'

type Prisma = AppContext['db']['prisma']

/** How many versions are kept: the experiments a worker steps at once, with room to spare. */
const DEFAULT_CAPACITY = 16

export class DatasetVersionRows {
  /** In order of use, the least recently used first (a Map keeps insertion order). */
  private readonly cached = new Map<string, readonly DatasetRow[]>()

  constructor(
    private readonly prisma: Prisma,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /** The version's rows; none for a version that does not exist (its dataset was deleted), which is not kept. */
  async read(datasetId: string, version: number): Promise<readonly DatasetRow[]> {
    const key = `${datasetId}:${version}`
    const hit = this.cached.get(key)
    if (hit) {
      this.cached.delete(key)
      this.cached.set(key, hit)
      return hit
    }
    const found = await this.prisma.datasetVersion.findUnique({ where: { datasetId_version: { datasetId, version } }, select: { rows: true } })
    if (!found) return []
    const rows = found.rows as DatasetRow[]
    this.cached.set(key, rows)
    if (this.cached.size > this.capacity) this.cached.delete(this.cached.keys().next().value!)
    return rows
  }
}
