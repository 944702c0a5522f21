/**
 * `agentloom validate <file>`: the problems the editor shows for a workflow document (lib/graph's
 * schema and graph checks), one per line, or as JSON. Exit 1 when any is an error.
 */
import { formatPath, validate, type GraphProblem } from '@/lib/graph'
import { EXIT_FAILED, EXIT_OK, jsonLine, type CliIo } from './cli-io'
import { readWorkflowFile } from './workflow-file'

export async function validateCommand(io: CliIo, file: string, options: { json: boolean }): Promise<number> {
  const { ok, problems } = validate(await readWorkflowFile(file))
  if (options.json) {
    io.out(jsonLine({ file, ok, problems }))
  } else if (problems.length === 0) {
    io.out(`${file}: no problems\n`)
  } else {
    for (const problem of problems) io.out(`${file}: ${describeProblem(problem)}\n`)
    const errors = problems.filter((problem) => problem.severity === 'error').length
    io.out(`${errors} error${errors === 1 ? '' : 's'}, ${problems.length - errors} warning${problems.length - errors === 1 ? '' : 's'}\n`)
  }
  return ok ? EXIT_OK : EXIT_FAILED
}

export function describeProblem(problem: GraphProblem): string {
  const where = problem.nodeId ? `node ${problem.nodeId}` : problem.edgeId ? `edge ${problem.edgeId}` : problem.path?.length ? formatPath(problem.path) : ''
  return `${problem.severity} ${problem.code}${where ? ` (${where})` : ''}: ${problem.message}`
}
