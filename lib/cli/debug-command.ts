/**
 * `agentloom runs debug <workflowId> --break <nodeId>[:before|after] … [--pin nodeId=file.json …]`: starts a debug
 * run (issue #31) of a saved workflow and prints its id and page. It pauses at the breakpoints (the run page, or
 * `POST /api/runs/:id/debug`, goes on); pinned nodes send the file's JSON instead of running. The workflow's own
 * pins apply too, as for any debug run; a --pin wins for its node.
 */
import { readFile } from 'node:fs/promises'
import { breakpointSchema, pinnedOutputSchema, type Breakpoint, type PinnedOutput } from '@/lib/contracts/run-debug'
import { runSummaryResponseSchema } from '@/lib/contracts/runs'
import { EXIT_OK, jsonLine, usageError, type CliIo } from './cli-io'
import type { ServerClient } from './server-client'

export interface DebugRunOptions {
  input: string
  version?: number
  break: string[]
  pin: string[]
  json: boolean
}

/** `nodeId` (before) or `nodeId:before|after`. */
export function parseBreakpoint(text: string): Breakpoint {
  const at = text.lastIndexOf(':')
  const [nodeId, when] = at >= 0 && /^(before|after)$/.test(text.slice(at + 1)) ? [text.slice(0, at), text.slice(at + 1)] : [text, 'before']
  const parsed = breakpointSchema.safeParse({ nodeId, when })
  if (!parsed.success) throw usageError(`--break ${text}: give a node id, optionally followed by :before or :after.`)
  return parsed.data
}

async function readPin(text: string): Promise<[string, PinnedOutput]> {
  const at = text.indexOf('=')
  if (at <= 0 || at === text.length - 1) throw usageError(`--pin ${text}: give nodeId=file.json.`)
  const [nodeId, file] = [text.slice(0, at), text.slice(at + 1)]
  let value: unknown
  try {
    value = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw usageError(`Cannot read the pinned output in ${file}: ${(error as Error).message}`)
  }
  const parsed = pinnedOutputSchema.safeParse({ value })
  if (!parsed.success) throw usageError(`The pinned output in ${file} is not a JSON value the server takes.`)
  return [nodeId, parsed.data]
}

export async function startDebugRun(io: CliIo, client: ServerClient, workflowId: string, options: DebugRunOptions): Promise<number> {
  const breakpoints = options.break.map(parseBreakpoint)
  const pinned = Object.fromEntries(await Promise.all(options.pin.map(readPin)))
  const body = { workflowId, input: options.input, debug: { breakpoints, pinned }, ...(options.version === undefined ? {} : { version: options.version }) }
  const { run } = await client.request('POST', '/api/runs', runSummaryResponseSchema, body)
  const url = client.urlOf(`/runs/${encodeURIComponent(run.id)}`)
  if (options.json) io.out(jsonLine({ run, url }))
  else io.out(`${run.id}\t${url}\n`)
  return EXIT_OK
}
