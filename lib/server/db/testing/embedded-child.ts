/**
 * A second process for embedded-postgres.int.test.ts: opens the embedded database of a data
 * folder and reports on stdout, one JSON line per step.
 *   write <dataDir> <name>   adds a workflow named <name>, prints every workflow name, closes
 *   hold <dataDir>           opens, prints { ready: true }, and stays until it is killed
 */
import { openDatabase } from '../database'

const [mode, dataDir, name] = process.argv.slice(2)
if (!dataDir || (mode !== 'write' && mode !== 'hold')) {
  console.error('usage: embedded-child.ts write|hold <dataDir> [name]')
  process.exit(2)
}
const db = await openDatabase({ kind: 'embedded', dataDir })
if (mode === 'write') {
  await db.prisma.workflow.create({ data: { name: name ?? 'child' } })
  const names = (await db.prisma.workflow.findMany({ select: { name: true }, orderBy: { name: 'asc' } })).map((w) => w.name)
  console.log(JSON.stringify({ names }))
  await db.close()
} else {
  console.log(JSON.stringify({ ready: true, pid: process.pid }))
  setInterval(() => {}, 60_000)
}
