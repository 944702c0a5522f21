/**
 * Editing together live (issue #30): twenty editors on one 200-node workflow through the real
 * live-editing server (lib/server/collab: Hocuspocus, every change stored in Postgres before it is
 * acknowledged) on loopback, each a real @hocuspocus/provider client over a WebSocket.
 *
 * - one edit at a time: how long until each of the other 19 sees it (p50/p99 over every
 *   recipient of every edit; goals p50 < 30 ms, p99 < 100 ms);
 * - all twenty editing at once: the same latency while everyone sends, and the edits per second the
 *   server stores and relays (the server is a process of its own for both, as in production);
 * - rounds of everyone editing on a server in this process with a 1-s access TTL: the append
 *   statements (batched per document), the access re-checks, and the most that ever ran at once;
 * - server memory per open 200-node document (heap after gc, documents opened server-side only);
 * - the floor under the latency, in the same run: the append statement every edit waits for (one update, committed,
 *   from this process, one at a time), and the load average while the bench ran (the machine's other work).
 *
 *   node --expose-gc --import tsx bench/live-editing.ts [--edits 200] [--burst 10] [--json]
 *   (also in `npm run bench -- --engine`)
 *
 * DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) is the server; the bench's
 * database is dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import * as Y from 'yjs'
import { CURRENT_SCHEMA_VERSION, type GraphDocument, type GraphNode } from '../lib/graph/document'
import { exampleWorkflowDocument } from '../lib/graph/example-workflow'
import { liveNodes } from '../lib/graph/live-document'
import { assembleAppContext } from '../lib/server/app-assembly'
import { compileScript } from '../lib/server/testing/compiled-scripts'
import { UserService } from '../lib/server/auth/users'
import { LiveDocumentStore } from '../lib/server/collab/live-store'
import { connectLiveClient, type LiveClient } from '../lib/server/collab/testing/live-client'
import { startLiveHost } from '../lib/server/collab/testing/live-host'
import { WorkflowService } from '../lib/server/workflows/workflow-service'
import { openAppDatabase } from './lib/runs/app-database'
import { ROOT, freshPostgresDatabase } from './lib/runs/app-processes'

const EDITORS = 20
const NODES = 200
const MEMORY_DOCUMENTS = 20

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : fallback
}

/** start → 198 agents in a chain → output. */
function workflowOf(size: number): GraphDocument {
  const agent = exampleWorkflowDocument().nodes.find((node) => node.kind === 'agent')!
  const nodes: GraphNode[] = [{ id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: 'A topic.' } } as GraphNode]
  for (let index = 1; index < size - 1; index++) {
    nodes.push({
      ...agent,
      id: `agent-${index}`,
      position: { x: index * 240, y: (index % 7) * 90 },
      data: { ...(agent.data as object), name: `Agent ${index}` },
    } as GraphNode)
  }
  nodes.push({ id: 'output', kind: 'output', position: { x: size * 240, y: 0 }, data: {} } as GraphNode)
  const edges = nodes.slice(1).map((node, index) => ({ id: `${nodes[index].id}->${node.id}`, source: nodes[index].id, target: node.id }))
  return { schemaVersion: CURRENT_SCHEMA_VERSION, nodes, edges }
}

/**
 * The live-editing server as a web process of its own (lib/server/collab/testing/collab-host-script.ts,
 * compiled as the tests compile it), so that the twenty clients of this process do not share its event loop.
 */
async function startServerProcess(databaseUrl: string): Promise<{ baseUrl: string; child: ChildProcess; remove: () => Promise<void> }> {
  const script = join(ROOT, 'node_modules', '.cache', `agentloom-bench-collab-host-${process.pid}.mjs`)
  await compileScript(ROOT, 'lib/server/collab/testing/collab-host-script.ts', script)
  const child = spawn(process.execPath, [script], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] })
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening (\d+)/.exec(output)
      if (match) resolve(`http://127.0.0.1:${match[1]}`)
    })
    child.on('exit', (code) => reject(new Error(`the server process ended (${code})`)))
  })
  return { baseUrl, child, remove: () => rm(script, { force: true }) }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/**
 * Every client reports when it sees an `x` it was waiting for: values are unique across the
 * bench, so the moment a value shows up at a recipient is that edit's arrival there.
 */
function watchArrivals(clients: LiveClient[], sentAt: Map<number, number>, latencies: number[]): () => void {
  const stops = clients.map((client, index) => {
    const observer = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      const now = performance.now()
      for (const event of events) {
        if (!(event.target instanceof Y.Map) || !event.changes.keys.has('x')) continue
        const value = event.target.get('x') as number
        const sent = sentAt.get(value)
        if (sent !== undefined && value % EDITORS !== index) latencies.push(now - sent)
      }
    }
    liveNodes(client.doc).observeDeep(observer)
    return () => liveNodes(client.doc).unobserveDeep(observer)
  })
  return () => stops.forEach((stop) => stop())
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json')
  const edits = flag('edits', 200)
  // Each edit of the burst moves a node no one else moves then: two concurrent moves of one node would hide the loser's from some recipients.
  const burst = Math.min(flag('burst', 10), Math.floor(NODES / EDITORS))
  const database = await freshPostgresDatabase(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres')
  const db = await openAppDatabase(database)
  const app = assembleAppContext(db, randomBytes(32))
  try {
    const user = await new UserService(app).create({ email: 'bench@example.test', password: `pw-${randomBytes(9).toString('hex')}`, role: 'admin' })
    const { token } = await app.apiTokens.create(user.id, 'bench')
    const principal = (await app.apiTokens.authenticate(token))!
    const workflows = new WorkflowService(db.prisma)
    const { workflow } = await workflows.create(principal, { name: 'Live bench', graph: workflowOf(NODES) })
    const server = await startServerProcess(database.appEnv.DATABASE_URL)
    const clients = await Promise.all(Array.from({ length: EDITORS }, () => connectLiveClient({ baseUrl: server.baseUrl, workflowId: workflow.id, token })))
    const ids = [...liveNodes(clients[0].doc).keys()].sort()
    let next = 1_000_000

    // One edit at a time.
    const single: number[] = []
    const sentAt = new Map<number, number>()
    let stop = watchArrivals(clients, sentAt, single)
    // Where an edit's time goes: its first arrival (the server's path: the append, the relay) and the spread to the
    // last of the nineteen (the recipients, one event loop here); and how late this process's own timers ran (its
    // clients' work and the machine's other work both delay them).
    const firstArrivals: number[] = []
    const spreads: number[] = []
    const loopDelay = monitorEventLoopDelay({ resolution: 1 })
    loopDelay.enable()
    for (let edit = 0; edit < edits; edit++) {
      const from = edit % EDITORS
      const value = next + EDITORS - ((next - from) % EDITORS)
      next = value + 1
      const expected = single.length + EDITORS - 1
      const sent = performance.now()
      sentAt.set(value, sent)
      liveNodes(clients[from].doc)
        .get(ids[edit % ids.length])!
        .set('x', value)
      while (single.length < expected) await new Promise((resolve) => setImmediate(resolve))
      const arrivals = single.slice(expected - (EDITORS - 1))
      firstArrivals.push(Math.min(...arrivals))
      spreads.push(Math.max(...arrivals) - Math.min(...arrivals))
    }
    stop()
    loopDelay.disable()
    const loadAfterSingle = loadavg()[0]
    firstArrivals.sort((a, b) => a - b)
    spreads.sort((a, b) => a - b)

    // The floor: the statement each edit waits for before it is relayed, alone (one small update, one at a time).
    const appendFloor: number[] = []
    {
      // A workflow of its own, which no server has open: nothing is relayed while the floor is measured.
      const floorWorkflow = (await workflows.create(principal, { name: 'Append floor', graph: workflowOf(2) })).workflow.id
      const store = new LiveDocumentStore(app.db.sql)
      await store.open(floorWorkflow)
      const scratch = new Y.Doc()
      let update: Uint8Array = new Uint8Array()
      scratch.on('update', (encoded: Uint8Array) => (update = encoded))
      for (let index = 0; index < edits; index++) {
        scratch.getMap('floor').set('x', index)
        const started = performance.now()
        await store.append(floorWorkflow, [update])
        appendFloor.push(performance.now() - started)
      }
      appendFloor.sort((a, b) => a - b)
    }

    // Everyone at once: each editor sends `burst` edits as fast as its event loop lets it.
    const concurrent: number[] = []
    stop = watchArrivals(clients, sentAt, concurrent)
    const started = performance.now()
    const expectedConcurrent = EDITORS * burst * (EDITORS - 1)
    await Promise.all(
      clients.map(async (client, from) => {
        for (let edit = 0; edit < burst; edit++) {
          const value = next + EDITORS - ((next - from) % EDITORS)
          next = value + 1
          sentAt.set(value, performance.now())
          liveNodes(client.doc)
            .get(ids[(from * burst + edit) % ids.length])!
            .set('x', value)
          await new Promise((resolve) => setImmediate(resolve))
        }
      }),
    )
    while (concurrent.length < expectedConcurrent) await new Promise((resolve) => setTimeout(resolve, 1))
    const concurrentSeconds = (performance.now() - started) / 1000
    await Promise.all(clients.map((client) => client.acknowledged()))
    stop()
    for (const client of clients) client.destroy()
    server.child.kill()
    await server.remove()

    // A TTL well inside the bench, so that re-checks run while people edit.
    const host = await startLiveHost(app, { accessTtlMs: 1_000 })
    const rechecking = await Promise.all(Array.from({ length: EDITORS }, () => connectLiveClient({ baseUrl: host.baseUrl, workflowId: workflow.id, token })))
    for (let round = 0; round < 30; round++) {
      rechecking.forEach((client, index) => liveNodes(client.doc).get(ids[index])!.set('y', round))
      await Promise.all(rechecking.map((client) => client.acknowledged()))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const appends = host.collab.appender.appends
    for (const client of rechecking) client.destroy()

    // Memory per open document, server side only (no clients in the measure).
    const gc = (globalThis as { gc?: () => void }).gc
    const documentIds: string[] = []
    for (let index = 0; index < MEMORY_DOCUMENTS; index++)
      documentIds.push((await workflows.create(principal, { name: `Memory ${index}`, graph: workflowOf(NODES) })).workflow.id)
    gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    const connections = await Promise.all(documentIds.map((id) => host.collab.hocuspocus.openDirectConnection(id, {})))
    gc?.()
    const heapAfter = process.memoryUsage().heapUsed
    const perDocumentKiB = (heapAfter - heapBefore) / MEMORY_DOCUMENTS / 1024
    const stateKiB = Y.encodeStateAsUpdate(host.collab.hocuspocus.documents.get(documentIds[0])!).byteLength / 1024
    await Promise.all(connections.map((connection) => connection.disconnect()))
    await host.close()

    single.sort((a, b) => a - b)
    concurrent.sort((a, b) => a - b)
    const result = {
      benchmark: 'live-editing',
      editors: EDITORS,
      nodes: NODES,
      single: { edits, samples: single.length, p50Ms: percentile(single, 50), p99Ms: percentile(single, 99) },
      concurrent: {
        edits: EDITORS * burst,
        samples: concurrent.length,
        p50Ms: percentile(concurrent, 50),
        p99Ms: percentile(concurrent, 99),
        editsPerSecond: (EDITORS * burst) / concurrentSeconds,
      },
      // 30 rounds of all twenty editing at once, with a 1-s access TTL, on a server in this process.
      rechecking: { edits: 30 * EDITORS, appendStatements: appends, checks: host.collab.access.checks, peakConcurrent: host.collab.access.peakConcurrency },
      memory: { perOpenDocumentKiB: perDocumentKiB, stateKiB, gc: gc !== undefined },
      breakdown: {
        firstArrivalP50Ms: percentile(firstArrivals, 50),
        firstArrivalP99Ms: percentile(firstArrivals, 99),
        spreadP50Ms: percentile(spreads, 50),
        spreadP99Ms: percentile(spreads, 99),
        clientLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        clientLoopDelayMaxMs: loopDelay.max / 1e6,
      },
      floor: { appendP50Ms: percentile(appendFloor, 50), appendP99Ms: percentile(appendFloor, 99), loadAverage: loadAfterSingle },
      goals: { p50: percentile(single, 50) < 30, p99: percentile(single, 99) < 100 },
    }
    if (json) {
      console.log(JSON.stringify(result, null, 2))
      return
    }
    const ms = (value: number) => `${value.toFixed(1)} ms`
    console.log(`Live editing: ${EDITORS} editors on one ${NODES}-node workflow, loopback, every change stored in Postgres before it is relayed`)
    console.log(
      `  one edit → the other ${EDITORS - 1}: p50 ${ms(result.single.p50Ms)} (goal < 30 ms), p99 ${ms(result.single.p99Ms)} (goal < 100 ms)  [${single.length} arrivals]`,
    )
    console.log(
      `  per edit: first arrival p50 ${ms(result.breakdown.firstArrivalP50Ms)}, p99 ${ms(result.breakdown.firstArrivalP99Ms)}; first → last of the ${EDITORS - 1} p50 ${ms(result.breakdown.spreadP50Ms)}, p99 ${ms(result.breakdown.spreadP99Ms)}; the clients' event loop late p99 ${ms(result.breakdown.clientLoopDelayP99Ms)}, max ${ms(result.breakdown.clientLoopDelayMaxMs)}`,
    )
    console.log(
      `  floor: the append statement alone p50 ${ms(result.floor.appendP50Ms)}, p99 ${ms(result.floor.appendP99Ms)}; load average ${result.floor.loadAverage.toFixed(2)} over the last minute`,
    )
    console.log(
      `  all ${EDITORS} editing at once (${result.concurrent.edits} edits): p50 ${ms(result.concurrent.p50Ms)}, p99 ${ms(result.concurrent.p99Ms)}, ${result.concurrent.editsPerSecond.toFixed(0)} edits/s`,
    )
    console.log(
      `  ${result.rechecking.edits} edits in rounds of ${EDITORS} with a 1-s access TTL: ${result.rechecking.appendStatements} append statements, ${result.rechecking.checks} access re-checks, at most ${result.rechecking.peakConcurrent} at once`,
    )
    console.log(
      `  server memory per open ${NODES}-node document: ${perDocumentKiB.toFixed(0)} KiB heap (state ${stateKiB.toFixed(0)} KiB)${gc ? '' : ' (no --expose-gc: rough)'}`,
    )
  } finally {
    await app.notifications.close()
    await db.close()
    await database.drop()
  }
}

await main()
