/**
 * The command line's client of a running Agentloom server: `fetch` with a personal API token,
 * every answer checked with the lib/contracts schema of its route, errors read in the API's one
 * shape. Only lib/contracts is imported: this talks HTTP, like any other client.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream'
import type { z } from 'zod'
import { apiErrorSchema } from '@/lib/contracts/api-error'
import { runEventSchema, type RunEvent } from '@/lib/contracts/run-events'
import { CliError, usageError } from './cli-io'

export interface ServerOptions {
  server?: string
  token?: string
}

export class ServerClient {
  private readonly base: URL

  constructor(
    server: string,
    private readonly token: string,
  ) {
    if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) throw usageError(`--server must be an http(s) URL, not '${server}'.`)
    this.base = new URL(server)
  }

  /** The server's address for `path` (a webhook's URL to show). */
  urlOf(path: string): string {
    return new URL(path, this.base).toString()
  }

  /** From `--server`/`--token`, else AGENTLOOM_SERVER/AGENTLOOM_TOKEN. */
  static from(options: ServerOptions, env: NodeJS.ProcessEnv = process.env): ServerClient {
    const server = options.server ?? env.AGENTLOOM_SERVER
    const token = options.token ?? env.AGENTLOOM_TOKEN
    if (!server) throw usageError('Say which server: --server <url> or AGENTLOOM_SERVER.')
    if (!token) throw usageError('Give an API token (created on the account page): --token <token> or AGENTLOOM_TOKEN.')
    return new ServerClient(server, token)
  }

  async request<S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const response = await this.send(method, path, body === undefined ? undefined : JSON.stringify(body))
    const payload = (await response.json().catch(() => undefined)) as unknown
    const parsed = schema.safeParse(payload)
    if (!parsed.success)
      throw new CliError(`The server's answer to ${method} ${path} is not what this version of agentloom expects: ${parsed.error.issues[0]?.message}`)
    return parsed.data
  }

  /** The run's events as the server streams them, until the run ends (the stream's `end` event). */
  async *runEvents(runId: string, signal?: AbortSignal): AsyncGenerator<RunEvent> {
    const response = await this.send('GET', `/api/runs/${encodeURIComponent(runId)}/events`, undefined, signal, 'text/event-stream')
    if (!response.body) throw new CliError('The server sent no event stream.')
    const frames = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream())
    for await (const frame of frames) {
      if (frame.event === 'end') return
      const parsed = runEventSchema.safeParse(JSON.parse(frame.data))
      if (parsed.success) yield parsed.data
    }
  }

  private async send(method: string, path: string, body: string | undefined, signal?: AbortSignal, accept = 'application/json'): Promise<Response> {
    let response: Response
    try {
      response = await fetch(new URL(path, this.base), {
        method,
        body,
        signal,
        headers: { authorization: `Bearer ${this.token}`, accept, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      })
    } catch (error) {
      throw new CliError(`Cannot reach ${this.base.origin}: ${(error as Error).message}`)
    }
    if (response.ok) return response
    const problem = apiErrorSchema.safeParse(await response.json().catch(() => undefined))
    const message = problem.success ? `${problem.data.error.message} (${problem.data.error.code})` : `HTTP ${response.status}`
    // The server refused what was asked (a bad id, a bad token): the caller's input, so exit 2; a server failure is 1.
    throw new CliError(`${method} ${path}: ${message}`, response.status >= 500 ? 1 : 2)
  }
}
