/**
 * What one durable run costs the process that executes it, in counts that do not depend on the clock (issue #29): the
 * promises it creates, the bytes it allocates, and its socket writes (to Postgres), per run of the five-node demo
 * workflow, for each durability mode, started queued or run now. Every promise costs more than its own allocation where promise hooks are on (Next's AsyncLocalStorage on
 * Node 20 turns them on in the web process, where runs people wait for execute), and garbage collection follows the
 * bytes: a change to the run path shows here even where the clock is too noisy to see it.
 *
 *   npx tsx bench/run-path-costs.ts [--runs 300] [--inflight 10] [--modes sync,async,exit] [--start queued,now]
 *
 * DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) is the server; the bench's database is dropped
 * at the end. Allocation is V8's sampling heap profiler's (one sample per 4 KiB allocated, collected objects kept): an
 * estimate within a few per cent.
 */
import { createHook } from 'node:async_hooks'
import { Session } from 'node:inspector/promises'
import type { DurabilityMode } from '../lib/contracts/durability'
import { RunService } from '../lib/server/runs/run-service'
import { countSocketWrites } from '../lib/server/testing/socket-writes'
import { withConcurrency } from './lib/measure'
import { freshPostgresDatabase } from './lib/runs/app-processes'
import { startInProcessApp, type InProcessApp } from './lib/runs/in-process-app'

type Start = 'queued' | 'now'

interface Costs {
  promises: number
  allocatedKb: number
  socketWrites: number
}

function listFlag(argv: string[], name: string, allowed: readonly string[]): string[] {
  const at = argv.indexOf(`--${name}`)
  if (at < 0) return [...allowed]
  const values = (argv[at + 1] ?? '').split(',')
  const unknown = values.filter((value) => !allowed.includes(value))
  if (unknown.length) throw new Error(`--${name} takes ${allowed.join(', ')} (comma-separated), not ${unknown.join(', ')}`)
  return values
}

function numberFlag(argv: string[], name: string, fallback: number): number {
  const at = argv.indexOf(`--${name}`)
  return at >= 0 ? Number(argv[at + 1]) : fallback
}

/** Bytes allocated while `work` runs, by V8's sampling heap profiler (objects collected meanwhile included). */
async function allocatedBytes(session: Session, work: () => Promise<void>): Promise<number> {
  await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
  await work()
  const { profile } = await session.post('HeapProfiler.stopSampling')
  let bytes = 0
  const walk = (node: typeof profile.head): void => {
    bytes += node.selfSize
    for (const child of node.children) walk(child)
  }
  walk(profile.head)
  return bytes
}

async function measure(side: InProcessApp, session: Session, mode: DurabilityMode, start: Start, runs: number, inflight: number): Promise<Costs> {
  const service = new RunService(side.app)
  const once = async (i: number) => {
    const run = await service.create(side.principal, { workflowId: side.workflowId, input: `Hello ${i}`, durability: mode }, { runNow: start === 'now' })
    await side.ended(run.id)
  }
  const batch = () => withConcurrency(runs, inflight, once)
  await batch() // warm: the JIT, prepared statements, caches
  let promises = 0
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') promises++
    },
  }).enable()
  await batch()
  hook.disable()
  const socketWrites = await countSocketWrites(batch)
  const allocated = await allocatedBytes(session, batch)
  return { promises: promises / runs, allocatedKb: allocated / 1024 / runs, socketWrites: socketWrites / runs }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const runs = numberFlag(argv, 'runs', 300)
  const inflight = numberFlag(argv, 'inflight', 10)
  const modes = listFlag(argv, 'modes', ['sync', 'async', 'exit']) as DurabilityMode[]
  const starts = listFlag(argv, 'start', ['queued', 'now']) as Start[]
  const database = await freshPostgresDatabase(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
  const side = await startInProcessApp(database, inflight)
  const session = new Session()
  session.connect()
  await session.post('HeapProfiler.enable')
  try {
    console.log(`${runs} runs of the five-node demo workflow per row, ${inflight} in flight; per run:`)
    console.log('| | promises | KB allocated | socket writes |')
    console.log('|---|---:|---:|---:|')
    for (const mode of modes) {
      for (const start of starts) {
        const costs = await measure(side, session, mode, start, runs, inflight)
        const name = `${mode}, ${start === 'now' ? 'run now' : 'queued'}`
        console.log(`| ${name} | ${costs.promises.toFixed(0)} | ${costs.allocatedKb.toFixed(0)} | ${costs.socketWrites.toFixed(1)} |`)
      }
    }
  } finally {
    session.disconnect()
    await side.close()
    await database.drop()
  }
}

await main()
