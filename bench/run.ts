/**
 * Runs the peer benchmarks (each of which measures every framework in processes of its own) and
 * prints a summary of the ratios against the goals.
 *
 *   npm ci --prefix bench --no-audit --no-fund     # the peers, once (bench/package.json)
 *   npx tsx bench/run.ts [--quick] [--full] [--engine] [--strict] [--json] [--rounds n] [--clock cpu|wall] [--budget ms] [--samples n]
 *
 * --engine also runs the engine-only scripts (bench/workflow-overhead.ts, bench/workflow-memory.ts,
 * bench/mcp-call-overhead.ts, bench/chat-turn-overhead.ts, bench/responses-overhead.ts, bench/durable-vs-dbos.ts,
 * bench/run-path-costs.ts, bench/live-editing.ts, bench/experiments.ts: the last six need Postgres at DATABASE_URL)
 * with their own output; --strict exits with 1 when a goal is missed;
 * --json prints the combined results as one JSON document. Other flags go to the peer scripts.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ratioText, readable } from './lib/cli'
import type { Measurement } from './lib/measure'
import { goalRows, printMachine, type GoalCheck, type MachineInfo } from './lib/report'

interface ScriptResult {
  benchmark: string
  machine: MachineInfo
  rounds: number
  measurements: Measurement[]
  goals: GoalCheck[]
  notes: string[]
}

const argv = process.argv.slice(2)
const OWN_FLAGS = new Set(['--engine', '--strict', '--json'])
const forwarded = argv.filter((arg) => !OWN_FLAGS.has(arg))
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** Runs a TypeScript script under tsx; resolves with its stdout (or streams it when `capture` is off). */
function runScript(file: string, args: string[], options: { capture: boolean; nodeFlags?: string[] }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', here(file), ...args], {
      stdio: ['ignore', options.capture ? 'pipe' : 'inherit', 'inherit'],
      shell: false,
    })
    let stdout = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve(stdout) : reject(new Error(`${file} exited with ${signal ?? `code ${code}`}`))))
  })
}

async function peerScript(file: string): Promise<ScriptResult> {
  console.error(`running ${file} …`)
  const stdout = await runScript(file, [...forwarded, '--json'], { capture: true })
  // The script prints only its JSON document on stdout (workers' output is captured by the script).
  return JSON.parse(stdout) as ScriptResult
}

function find(results: ScriptResult[], benchmark: string, name: string): Measurement | undefined {
  return results.find((result) => result.benchmark === benchmark)?.measurements.find((m) => m.name === name)
}

function headlineRows(results: ScriptResult[]) {
  const agentRow = (key: string, label: string) => {
    const [at10, at100] = [10, 100].map((turns) => find(results, 'agent-overhead', `${key}@${turns}`))
    return { measure: `agent µs/turn: ${label}`, a: at10 ? readable(at10.medianMicros) : 'n/a', b: at100 ? readable(at100.medianMicros) : 'n/a', c: '' }
  }
  const workflowRow = (key: string, label: string) => {
    const [a, b, c] = ['chain-1000', 'chain-5000', 'fan-1000'].map((shape) => find(results, 'workflow-vs-peers', `${key}@${shape}`))
    const cell = (m: Measurement | undefined) => (m ? readable(m.medianMicros) : 'n/a')
    return { measure: `workflow µs/node: ${label}`, a: cell(a), b: cell(b), c: cell(c) }
  }
  return {
    agents: [
      agentRow('agentloom', 'Agentloom run()'),
      agentRow('agentloom-stream', 'Agentloom runStream()'),
      agentRow('openai-agents', '@openai/agents'),
      agentRow('langgraph', 'LangGraph ReAct'),
      agentRow('mastra', 'Mastra'),
      agentRow('hand-written', 'hand-written'),
    ].map(({ measure, a, b }) => ({ measure, '10 turns': a, '100 turns': b })),
    workflows: [
      workflowRow('agentloom', 'Agentloom run()'),
      workflowRow('agentloom-checkpoints', 'Agentloom run() + checkpoints'),
      workflowRow('agentloom-stream', 'Agentloom runStream()'),
      workflowRow('agentloom-stream-checkpoints', 'Agentloom runStream() + checkpoints'),
      workflowRow('langgraph', 'LangGraph'),
      workflowRow('langgraph-checkpoints', 'LangGraph + MemorySaver'),
      workflowRow('mastra', 'Mastra'),
      workflowRow('hand-written', 'hand-written'),
    ].map(({ measure, a, b, c }) => ({ measure, 'chain 1,000': a, 'chain 5,000': b, 'fan 1→1,000→1': c })),
  }
}

async function main(): Promise<void> {
  if (!existsSync(here('./node_modules/@openai/agents'))) {
    console.error('The peer frameworks are not installed: run `npm ci --prefix bench --no-audit --no-fund` first (peers are skipped).')
  }
  const results = [await peerScript('./agent-overhead.ts'), await peerScript('./workflow-vs-peers.ts')]
  if (argv.includes('--engine')) {
    await runScript('./workflow-overhead.ts', [], { capture: false })
    await runScript('./workflow-memory.ts', [], { capture: false, nodeFlags: ['--expose-gc'] })
    await runScript('./mcp-call-overhead.ts', [], { capture: false, nodeFlags: ['--expose-gc'] })
    await runScript('./chat-turn-overhead.ts', [], { capture: false })
    await runScript('./responses-overhead.ts', [], { capture: false })
    await runScript('./durable-vs-dbos.ts', [], { capture: false })
    await runScript('./run-path-costs.ts', [], { capture: false })
    await runScript('./live-editing.ts', [], { capture: false, nodeFlags: ['--expose-gc'] })
    await runScript('./experiments.ts', argv.includes('--quick') ? ['--quick'] : [], { capture: false })
  }
  const goals = results.flatMap((result) => result.goals)
  const missed = goals.filter((goal) => !goal.met && !goal.notMeasured)
  const measured = goals.filter((goal) => !goal.notMeasured)
  if (argv.includes('--json')) {
    console.log(JSON.stringify({ results, goals, missed: missed.length }, null, 2))
  } else {
    printMachine(results[0].machine)
    const headline = headlineRows(results)
    console.table(headline.agents)
    console.table(headline.workflows)
    console.table(goalRows(goals))
    for (const note of results.flatMap((result) => result.notes)) console.log(`note: ${note}`)
    const unmeasured = goals.length - measured.length
    console.log(
      `${measured.length - missed.length} of ${measured.length} measured goals met` +
        (unmeasured ? ` (${unmeasured} not measured)` : '') +
        (missed.length ? `; missed: ${missed.map((goal) => `${goal.goal} (${ratioText(goal.ratio)})`).join('; ')}` : ''),
    )
  }
  if (argv.includes('--strict') && missed.length > 0) process.exitCode = 1
}

await main()
