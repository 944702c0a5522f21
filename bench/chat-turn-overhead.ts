/**
 * Server overhead per chat turn (issue #14, "Speed"): everything but the model, with 100 messages of
 * history. A turn goes the real path in this process — ConversationService.send as the chat route
 * sends it (`runNow`: the run inserted already claimed by this process's worker, its `run_queued`
 * event with it, in one statement; with `--queued`, inserted ready for a worker instead and
 * claimed by one, as before run-now) → RunWorker → the turn's
 * one-agent workflow → PostgresHistoryProvider loads the history → the model call (the real
 * `openai` package, streaming, against the loopback OpenAI server) → the new messages stored →
 * `run_succeeded` committed — on a fresh database on the Postgres server at DATABASE_URL.
 *
 * The peer, measured in the same run and alternated with the turns: the same agent (buildAgent with
 * the same settings) called in-process with lib/core's runStream on the same 101 messages, against
 * the same loopback server. Overhead = turn − peer, paired sample by sample. Each turn gets a
 * conversation of its own that holds exactly 100 messages, so every turn loads the same history.
 *
 * It also counts the statements the app sends per turn (every pg query of the process while the
 * turns run: the web side's send, the queue, the worker, the event log, checkpoints, history),
 * grouped by what they do, and times the turn's phases from its events' commits.
 *
 * The turns are measured after `--warmup` turns (default 1,000): as with bench/responses-overhead.ts, the process keeps
 * getting faster for the first thousand or so (V8 optimising the hot path); after 30 the CPU overhead read 5.3–5.8 ms
 * p50 where after 1,000 it read 4.2–4.7 in three interleaved pairs (BENCHMARKS.md, "Session 39").
 *
 *   npx tsx bench/chat-turn-overhead.ts [--turns 200] [--warmup 1000] [--history 100] [--queued] [--json]
 */
import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { assembleAppContext } from '../lib/server/app-assembly'
import type { Principal } from '../lib/server/auth/principal'
import { UserService } from '../lib/server/auth/users'
import { ConversationService } from '../lib/server/conversations/conversation-service'
import { RunWorker } from '../lib/server/runs/execution/run-worker'
import { startLoopbackOpenAIServer } from '../lib/core/clients/openai/testing'
import { Message } from '../lib/core/types'
import { chatClientFor } from '../lib/graph/compile/chat-client-for'
import { AgentSettingsSchema, buildAgent } from '../lib/graph'
import { openAppDatabase } from './lib/runs/app-database'
import { freshPostgresDatabase } from './lib/runs/app-processes'
import { appPg } from './lib/app-pg'
import { quantile } from './lib/measure'
import { numberFlag } from './lib/cli'

const TURNS = numberFlag('--turns', 200)
const WARMUP = numberFlag('--warmup', 1000)
const HISTORY = numberFlag('--history', 100)
const REPLY = ['Sure, ', 'here is ', 'a short ', 'answer.']

/** Every statement this process sends, by a short label of its text, while `counting` is on. */
const statements = new Map<string, number>()
let counting = false
const originalQuery = appPg.Client.prototype.query
appPg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string } | undefined
    const text = typeof first === 'string' ? first : (first?.text ?? '?')
    const label = text.replace(/\s+/g, ' ').trim().slice(0, 90)
    statements.set(label, (statements.get(label) ?? 0) + 1)
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args)
} as typeof pg.Client.prototype.query

const now = () => Number(process.hrtime.bigint()) / 1e6
/** This process's CPU time (user + system), ms: on a machine shared with other work, wall time stretches and CPU time barely. */
const cpu = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

async function main(): Promise<void> {
  // The member's agent calls the model on loopback: the deployment's allow-list opens it, as an admin's would for a
  // local model (otherwise the outbound policy refuses the member's base URL and every turn fails).
  process.env.AGENTLOOM_OUTBOUND_ALLOW ??= 'localhost,127.0.0.0/8,::1'
  const model = await startLoopbackOpenAIServer()
  const database = await freshPostgresDatabase(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres')
  const db = await openAppDatabase(database)
  const app = assembleAppContext(db, randomBytes(32))
  const worker = new RunWorker(app, { concurrency: 1 })

  // When each of a run's events commits (the event log's insert resolves after its batch committed).
  const committed = new Map<string, Map<string, number>>()
  const finished = new Map<string, () => void>()
  const insert = app.events.insertNumbered.bind(app.events)
  // The run's end is its last batch (its final event and status in one statement): `ended` says so.
  app.events.insertNumbered = async (runId, rows, also, options) => {
    const result = await insert(runId, rows, also, options)
    const at = now()
    const times = committed.get(runId) ?? new Map<string, number>()
    for (const row of rows) if (!times.has(row.type)) times.set(row.type, at)
    committed.set(runId, times)
    if (result.ended) finished.get(runId)?.()
    return result
  }

  try {
    const user = await new UserService(app).create({ email: 'chat-bench@agentloom.test', password: `pw-${randomBytes(9).toString('hex')}`, role: 'member' })
    const { personalWorkspaceId } = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { personalWorkspaceId: true } })
    const principal: Principal = {
      userId: user.id,
      email: user.email,
      name: user.email,
      role: 'member',
      via: 'token',
      personalWorkspaceId: personalWorkspaceId!,
      memberships: [{ workspaceId: personalWorkspaceId!, workspaceName: user.email, role: 'owner', approver: false }],
    }
    const settings = AgentSettingsSchema.parse({
      name: 'Bench chat',
      instructions: 'Answer briefly.',
      model: { provider: 'openai_chat', model: 'bench-model', baseUrl: model.baseURL },
    })
    const agent = await db.prisma.agent.create({ data: { name: 'Bench chat', ownerId: user.id, workspaceId: personalWorkspaceId } })
    await db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition: settings } })
    const conversations = new ConversationService(app)

    // One conversation per turn, each with the same HISTORY messages (about 40 words each).
    const total = WARMUP + TURNS
    const ids: string[] = []
    for (let i = 0; i < total; i++) ids.push((await conversations.create(principal, agent.id, { title: `bench ${i}` })).id)
    await db.sql.query(
      `INSERT INTO "ChatMessage" (id, "conversationId", position, role, message)
       SELECT gen_random_uuid()::text, s.id, i, CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END,
         json_build_object('type', 'message', 'role', CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END,
           'contents', json_build_array(json_build_object('type', 'text', 'text', repeat('word ', 40) || i)))::text
       FROM unnest($1::text[]) AS s(id), generate_series(0, $2 - 1) AS i`,
      [ids, HISTORY],
    )
    await db.sql.query('ANALYZE "ChatMessage"')
    const history = Array.from({ length: HISTORY }, (_, i) => new Message({ role: i % 2 === 0 ? 'user' : 'assistant', text: `${'word '.repeat(40)}${i}` }))

    const registry = {
      chatClient: (model: Parameters<typeof chatClientFor>[0]) => chatClientFor(model, {}),
      mcpServer: () => {
        throw new Error('no MCP servers in this bench')
      },
      functionTool: () => undefined,
    }
    const peerAgent = buildAgent(settings, registry as never, { id: 'agent', where: 'Agent "Bench chat"' })
    const peerTurn = async (text: string) => {
      model.enqueue({ text: REPLY, usage: { inputTokens: 4000, outputTokens: 6 } })
      const started = now()
      const cpuStarted = cpu()
      let reply = ''
      for await (const update of peerAgent.runStream([...history, new Message({ role: 'user', text })])) reply += update.text
      if (reply !== REPLY.join('')) throw new Error(`the peer's reply was ${JSON.stringify(reply)}`)
      return { wall: now() - started, cpu: cpu() - cpuStarted }
    }

    await worker.start()
    const runNow = !process.argv.includes('--queued')
    const appTurn = async (conversationId: string, text: string) => {
      model.enqueue({ text: REPLY, usage: { inputTokens: 4000, outputTokens: 6 } })
      const started = now()
      const cpuStarted = cpu()
      let done!: () => void
      const ended = new Promise<void>((resolve) => (done = resolve))
      const { runId } = await conversations.send(principal, conversationId, text, { runNow })
      const sent = now()
      finished.set(runId, done)
      // The final event may have committed before the listener was set (it cannot, the worker is slower; but be sure).
      if (committed.get(runId)?.has('run_succeeded')) done()
      await ended
      const end = now()
      const cpuUsed = cpu() - cpuStarted
      finished.delete(runId)
      const times = committed.get(runId)!
      committed.delete(runId)
      if (!times.has('run_succeeded')) throw new Error(`turn ${runId} did not succeed: ${[...times.keys()].join(', ')}`)
      return { total: end - started, cpu: cpuUsed, send: sent - started, queued: Math.min(...times.values()) - sent, runId }
    }

    const samples: Array<{ total: number; cpu: number; send: number; queued: number; peer: number; peerCpu: number }> = []
    const counted = { turns: 0 }
    for (let i = 0; i < total; i++) {
      const text = `Question ${i}: what is a short answer?`
      const peer = await peerTurn(text)
      const measuring = i >= WARMUP
      counting = measuring
      const turn = await appTurn(ids[i], text)
      // The worker's last statements (its release of the run) land after the final event: let them in before stopping the count.
      await new Promise((resolve) => setTimeout(resolve, 20))
      counting = false
      if (measuring) {
        counted.turns += 1
        samples.push({ total: turn.total, cpu: turn.cpu, send: turn.send, queued: turn.queued, peer: peer.wall, peerCpu: peer.cpu })
      }
    }
    const stored = await db.sql.query<{ n: string }>(`SELECT count(*) AS n FROM "ChatMessage" WHERE "conversationId" = $1`, [ids[total - 1]])
    if (Number(stored[0].n) !== HISTORY + 2) throw new Error(`the last conversation has ${stored[0].n} messages, not ${HISTORY + 2}`)

    const pick = (key: 'total' | 'cpu' | 'send' | 'queued' | 'peer' | 'peerCpu') => samples.map((sample) => sample[key])
    const overhead = samples.map((sample) => sample.total - sample.peer)
    const cpuOverhead = samples.map((sample) => sample.cpu - sample.peerCpu)
    const row = (values: number[]) => ({ p50: quantile(values, 0.5).toFixed(2), p99: quantile(values, 0.99).toFixed(2) })
    const perTurn = [...statements.entries()].map(([text, count]) => ({ perTurn: count / counted.turns, text })).sort((a, b) => b.perTurn - a.perTurn)
    const statementsPerTurn = perTurn.reduce((sum, entry) => sum + entry.perTurn, 0)
    const result = {
      turns: counted.turns,
      history: HISTORY,
      ms: {
        'turn, end to end (send → run_succeeded committed)': row(pick('total')),
        '  of which send (the web side: one transaction)': row(pick('send')),
        "  of which queued → the worker's first events committed": row(pick('queued')),
        'peer: the same agent in-process (lib/core runStream, same loopback model)': row(pick('peer')),
        'overhead: turn − peer, paired': row(overhead),
      },
      cpuMs: {
        "turn: this process's CPU (web side, queue, worker, loopback model; not Postgres's)": row(pick('cpu')),
        "peer: this process's CPU (agent, loopback model)": row(pick('peerCpu')),
        'overhead: turn − peer, paired': row(cpuOverhead),
      },
      statementsPerTurn: Number(statementsPerTurn.toFixed(1)),
      statements: perTurn.filter((entry) => entry.perTurn >= 0.05).map((entry) => ({ perTurn: Number(entry.perTurn.toFixed(2)), text: entry.text })),
    }
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(result, null, 2))
    } else {
      console.log(`Chat turn with ${HISTORY} messages of history, ${counted.turns} turns (after ${WARMUP} warm-up), wall clock, ms:`)
      console.table(result.ms)
      console.log('CPU time of this process, ms:')
      console.table(result.cpuMs)
      console.log(`Statements per turn: ${result.statementsPerTurn}`)
      console.table(result.statements)
    }
  } finally {
    await worker.stop()
    await app.notifications.close()
    await db.close()
    await database.drop()
    await model.close()
  }
}

await main()
