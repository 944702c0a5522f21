/**
 * A run of the test database's seeded workflow version that nothing executes: for the tests of the event log and its
 * readers, which append to a run and follow it without a worker.
 */
import type { RunStatus } from '@/lib/contracts/runs'
import type { Database } from '../db/database'

export async function bareRun(db: Pick<Database, 'prisma'>, status?: RunStatus): Promise<string> {
  const version = await db.prisma.workflowVersion.findFirstOrThrow()
  return (await db.prisma.run.create({ data: { workflowId: version.workflowId, versionId: version.id, input: '', ...(status ? { status } : {}) } })).id
}
