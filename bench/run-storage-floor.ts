/**
 * The storage floor of run throughput (issue #12): how many runs per second this machine's
 * Postgres stores when a client does only the row work a durable run of the bench's five-node
 * workflow needs, in eight statements per run and in one (bench/lib/runs/storage-floor.ts says
 * how). `bench/run-throughput.ts` measures the same beside the app unless given --no-floor.
 *
 *   npx tsx bench/run-storage-floor.ts [--runs 2000] [--warmup 200] [--connections 8]
 *       [--db postgres,embedded] [--unprepared] [--no-notify] [--json]
 *
 * --unprepared sends the statements unnamed, as the app does (parsed and planned each time);
 * --no-notify leaves pg_notify out of them, to show what notifying costs (BENCHMARKS.md, "Storage floor").
 * DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) is the server on which a fresh
 * database is made and dropped; the embedded kind starts its own server in a temporary folder.
 */
import { machineInfo, printMachine } from './lib/report'
import { cleanUpOnSignals, type DatabaseKind } from './lib/runs/app-processes'
import { DEFAULT_FLOOR_OPTIONS, measureStorageFloor, type FloorOptions, type StorageFloorResult } from './lib/runs/storage-floor'
import { printStorageFloor } from './lib/runs/storage-floor-report'

const DATABASE_KINDS = ['postgres', 'embedded'] as const

interface Flags {
  floor: FloorOptions
  databases: DatabaseKind[]
  json: boolean
  serverUrl: string
}

function parseFlags(argv: string[]): Flags {
  const value = (flag: string) => {
    const index = argv.indexOf(flag)
    return index >= 0 ? argv[index + 1] : undefined
  }
  const count = (flag: string, fallback: number, minimum: number) => {
    const raw = value(flag)
    if (raw === undefined) return fallback
    const parsed = Number(raw)
    if (!Number.isInteger(parsed) || parsed < minimum) throw new Error(`${flag} needs a whole number ≥ ${minimum}, got ${JSON.stringify(raw)}.`)
    return parsed
  }
  const databases = (value('--db') ?? DATABASE_KINDS.join(',')).split(',').map((item) => item.trim())
  for (const kind of databases)
    if (!(DATABASE_KINDS as readonly string[]).includes(kind)) throw new Error(`--db: ${kind} is not one of ${DATABASE_KINDS.join(', ')}.`)
  return {
    floor: {
      runs: count('--runs', DEFAULT_FLOOR_OPTIONS.runs, 1),
      warmup: count('--warmup', DEFAULT_FLOOR_OPTIONS.warmup, 0),
      connections: count('--connections', DEFAULT_FLOOR_OPTIONS.connections, 1),
      prepared: !argv.includes('--unprepared'),
      notify: !argv.includes('--no-notify'),
      log: (line) => console.error(`[floor] ${line}`),
    },
    databases: databases as DatabaseKind[],
    json: argv.includes('--json'),
    serverUrl: process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres',
  }
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2))
  cleanUpOnSignals((line) => console.error(`[floor] ${line}`))
  const machine = machineInfo('wall')
  const results: StorageFloorResult[] = []
  for (const kind of flags.databases) results.push(await measureStorageFloor(kind, flags.serverUrl, flags.floor))
  if (flags.json) {
    console.log(
      JSON.stringify({ benchmark: 'run-storage-floor', machine, flags: { ...flags.floor, log: undefined, databases: flags.databases }, results }, null, 2),
    )
    return
  }
  printMachine(machine)
  printStorageFloor(results)
}

await main()
