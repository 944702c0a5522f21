/**
 * `agentloom eval <workflow|agent>[@version] --dataset <name>`: runs an experiment on the server (issue #31) — the
 * target over every row of the dataset, scored by the evaluators — waits for it to finish, prints a table of the
 * rows and the aggregates, and exits 1 when the mean score is below `--min-score` or, with `--baseline`, when any
 * row regressed against that experiment. For CI: a new version of a workflow must not score worse than the last.
 */
import { readFile } from 'node:fs/promises'
import { agentListResponseSchema } from '@/lib/contracts/agents'
import { datasetListResponseSchema } from '@/lib/contracts/datasets'
import { evaluatorSpecSchema, type EvaluatorSpecInput } from '@/lib/contracts/evaluators'
import {
  experimentComparisonSchema,
  experimentResponseSchema,
  experimentResultsResponseSchema,
  type ExperimentComparison,
  type ExperimentResultsResponse,
  type ExperimentView,
} from '@/lib/contracts/experiments'
import { workflowListResponseSchema } from '@/lib/contracts/workflows'
import { EXIT_FAILED, EXIT_OK, jsonLine, usageError, type CliIo } from './cli-io'
import type { ServerClient } from './server-client'

export interface EvalOptions {
  dataset: string
  baseline?: string
  minScore?: number
  evaluator: string[]
  trials?: number
  concurrency?: number
  json: boolean
  /** Between looks at the experiment's progress. */
  pollMs?: number
}

/** Without `--evaluator`: does the output contain the row's expected answer. */
const DEFAULT_EVALUATORS: EvaluatorSpecInput[] = [{ kind: 'contains' }]

export async function evalCommand(io: CliIo, client: ServerClient, targetArgument: string, options: EvalOptions): Promise<number> {
  const evaluators = options.evaluator.length ? (await Promise.all(options.evaluator.map(readEvaluators))).flat() : DEFAULT_EVALUATORS
  const { name, version } = splitVersion(targetArgument)
  const target = await findTarget(client, name)
  const dataset = await findDataset(client, options.dataset)
  const body = {
    datasetId: dataset,
    target: { [target.kind === 'workflow' ? 'workflowId' : 'agentId']: target.id, ...(version === undefined ? {} : { version }) },
    evaluators,
    ...(options.trials === undefined ? {} : { trials: options.trials }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
  }
  const { experiment: started } = await client.request('POST', '/api/experiments', experimentResponseSchema, body)
  io.err(`▸ experiment ${started.id}: ${started.target.name} v${started.target.version} over ${started.progress.total} runs\n`)
  const experiment = await waitForExperiment(io, client, started, options.pollMs ?? 1_000)
  const results = await client.request('GET', `/api/experiments/${encodeURIComponent(experiment.id)}/results`, experimentResultsResponseSchema)
  const comparison = options.baseline
    ? await client.request(
        'GET',
        `/api/experiments/${encodeURIComponent(experiment.id)}/compare/${encodeURIComponent(options.baseline)}`,
        experimentComparisonSchema,
      )
    : undefined

  if (options.json) io.out(jsonLine({ experiment: results.experiment, rows: results.rows, ...(comparison ? { comparison } : {}) }))
  else printResults(io, results, comparison)

  const failures: string[] = []
  const mean = results.experiment.aggregates.meanScore
  if (options.minScore !== undefined && (mean === null || mean < options.minScore)) failures.push(`mean score ${format(mean)} is below ${options.minScore}`)
  if (comparison && comparison.counts.regressed > 0) failures.push(`${comparison.counts.regressed} row(s) regressed against ${options.baseline}`)
  if (results.experiment.status !== 'succeeded') failures.push(`the experiment ${results.experiment.status}`)
  for (const failure of failures) io.err(`✗ ${failure}\n`)
  if (failures.length === 0) io.err('✓ passed\n')
  return failures.length === 0 ? EXIT_OK : EXIT_FAILED
}

async function readEvaluators(file: string): Promise<EvaluatorSpecInput[]> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw usageError(`--evaluator ${file}: ${(error as Error).message}`)
  }
  const specs = Array.isArray(parsed) ? parsed : [parsed]
  return specs.map((spec, index) => {
    const checked = evaluatorSpecSchema.safeParse(spec)
    if (!checked.success)
      throw usageError(`--evaluator ${file}: evaluator ${index + 1}: ${checked.error.issues[0]?.path.join('.') || ''} ${checked.error.issues[0]?.message}`)
    return spec as EvaluatorSpecInput
  })
}

/** `name@3` → name and version 3; `name` alone → the latest. */
export function splitVersion(argument: string): { name: string; version?: number } {
  const at = argument.lastIndexOf('@')
  if (at <= 0) return { name: argument }
  const version = Number(argument.slice(at + 1))
  if (!Number.isInteger(version) || version < 1) throw usageError(`'${argument}': the version after @ must be a whole number from 1.`)
  return { name: argument.slice(0, at), version }
}

/** A workflow or agent by id or exact name; a name both have, or two of one kind have, must be given by id. */
async function findTarget(client: ServerClient, name: string): Promise<{ kind: 'workflow' | 'agent'; id: string }> {
  const [{ workflows }, { agents }] = await Promise.all([
    client.request('GET', '/api/workflows', workflowListResponseSchema),
    client.request('GET', '/api/agents', agentListResponseSchema),
  ])
  const matches = [
    ...workflows.filter((workflow) => workflow.id === name || workflow.name === name).map((workflow) => ({ kind: 'workflow' as const, id: workflow.id })),
    ...agents.filter((agent) => agent.id === name || agent.name === name).map((agent) => ({ kind: 'agent' as const, id: agent.id })),
  ]
  if (matches.length === 0) throw usageError(`No workflow or agent named '${name}' (agentloom workflows list).`)
  if (matches.length > 1)
    throw usageError(`'${name}' names ${matches.length} workflows or agents: give the id (${matches.map((match) => match.id).join(', ')}).`)
  return matches[0]!
}

async function findDataset(client: ServerClient, name: string): Promise<string> {
  const { datasets } = await client.request('GET', '/api/datasets', datasetListResponseSchema)
  const matches = datasets.filter((dataset) => dataset.id === name || dataset.name === name)
  if (matches.length === 0) throw usageError(`No dataset named '${name}'.`)
  if (matches.length > 1) throw usageError(`'${name}' names ${matches.length} datasets: give the id.`)
  return matches[0]!.id
}

async function waitForExperiment(io: CliIo, client: ServerClient, started: ExperimentView, pollMs: number): Promise<ExperimentView> {
  let last = -1
  for (;;) {
    const { experiment } = await client.request('GET', `/api/experiments/${encodeURIComponent(started.id)}`, experimentResponseSchema)
    if (experiment.progress.done !== last) {
      last = experiment.progress.done
      io.err(`  ${experiment.progress.done}/${experiment.progress.total} scored\n`)
    }
    if (experiment.status !== 'running') return experiment
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

function printResults(io: CliIo, { experiment, rows }: ExperimentResultsResponse, comparison: ExperimentComparison | undefined): void {
  const verdicts = new Map(comparison?.rows.map((row) => [row.rowId, row.verdict]))
  const header = ['#', 'trial', 'input', ...experiment.labels, ...(comparison ? ['vs baseline'] : [])]
  const table = rows.map((row) => [
    String(row.rowIndex + 1),
    String(row.trial + 1),
    cut(typeof row.input === 'string' ? row.input : JSON.stringify(row.input), 40),
    ...experiment.labels.map((label) => {
      const score = row.scores.find((entry) => entry.label === label)
      return score ? `${score.passed ? '✓' : '✗'} ${format(score.score)}` : '-'
    }),
    ...(comparison ? [verdicts.get(row.rowId) ?? '-'] : []),
  ])
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column]!.length)))
  const line = (cells: readonly string[]) =>
    `${cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd()}\n`
  io.out(line(header))
  for (const cells of table) io.out(line(cells))
  const { aggregates } = experiment
  io.out('\n')
  for (const entry of aggregates.evaluators)
    io.out(`${entry.label}: mean ${format(entry.meanScore)}, pass rate ${format(entry.passRate)}, spread ${format(entry.spread)}\n`)
  io.out(
    `mean score ${format(aggregates.meanScore)}, pass rate ${format(aggregates.passRate)}, tokens ${aggregates.tokens.total}, latency p50 ${aggregates.latencyMs.p50 ?? '-'} ms\n`,
  )
  if (comparison) {
    const { counts } = comparison
    io.out(
      `vs ${comparison.baselineId}: ${counts.regressed} regressed, ${counts.improved} improved, ${counts.same} same, ${counts.missing} missing; mean score ${signed(comparison.aggregates.meanScore.delta)}\n`,
    )
  }
}

const format = (value: number | null) => (value === null ? '-' : value.toFixed(2))
const signed = (value: number | null) => (value === null ? '-' : `${value >= 0 ? '+' : ''}${value.toFixed(2)}`)
const cut = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
