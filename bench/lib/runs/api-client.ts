/**
 * The bench's client of the app's HTTP API, as a script of a user would drive it: sign in with the
 * first admin's password, make a personal API token, save workflows and follow runs' events over SSE
 * (`GET /api/runs/:id/events`), read with a fetch body reader. Runs are started from a thread of their
 * own (create-thread.mjs).
 */
import type { GraphDocument } from '../../../lib/graph/document'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function expectJson<T>(response: Response, what: string): Promise<T> {
  const text = await response.text()
  if (!response.ok) throw new ApiError(response.status, `${what}: HTTP ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

export class ApiClient {
  private authorization = ''

  constructor(readonly baseUrl: string) {}

  /**
   * Signs in (Better Auth's email route, which wants the page's Origin, as a browser sends it) and
   * makes an API token, which every later call sends.
   */
  async signInWithToken(email: string, password: string): Promise<void> {
    const signIn = await fetch(`${this.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.baseUrl },
      body: JSON.stringify({ email, password }),
    })
    await expectJson(signIn, 'sign in')
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const created = await fetch(`${this.baseUrl}/api/me/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.baseUrl, cookie },
      body: JSON.stringify({ name: 'run-throughput bench' }),
    })
    const { token } = await expectJson<{ token: string }>(created, 'create an API token')
    this.authorization = `Bearer ${token}`
  }

  /** The Authorization header every call sends (for the creates' own thread, load.ts). */
  get authorizationHeader(): string {
    return this.authorization
  }

  private headers(json = false): Record<string, string> {
    return json ? { authorization: this.authorization, 'content-type': 'application/json' } : { authorization: this.authorization }
  }

  async createWorkflow(name: string, graph: GraphDocument): Promise<string> {
    const response = await fetch(`${this.baseUrl}/api/workflows`, { method: 'POST', headers: this.headers(true), body: JSON.stringify({ name, graph }) })
    const { workflow } = await expectJson<{ workflow: { id: string } }>(response, `save workflow ${name}`)
    return workflow.id
  }

  /** Follows a run's events from the first one until the stream's `end` (or `signal`). */
  async follow(runId: string, signal: AbortSignal): Promise<FollowedRun> {
    const followed = new FollowedRun(runId)
    const requestedAt = Date.now()
    try {
      const response = await fetch(`${this.baseUrl}/api/runs/${runId}/events`, { headers: { ...this.headers(), accept: 'text/event-stream' }, signal })
      if (!response.ok || !response.body) throw new ApiError(response.status, `events of ${runId}: HTTP ${response.status}`)
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffered = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        const receivedAt = performance.timeOrigin + performance.now()
        buffered += value
        const frames = buffered.split('\n\n')
        buffered = frames.pop() ?? ''
        for (const frame of frames) followed.onFrame(frame, receivedAt, requestedAt)
        if (followed.ended) {
          await reader.cancel().catch(() => {})
          break
        }
      }
    } catch (error) {
      if (!signal.aborted) followed.error = (error as Error).message
    }
    return followed
  }
}

const FINAL_EVENT_TYPES = new Set(['run_succeeded', 'run_failed', 'run_cancelled'])

/**
 * What one SSE client saw of a run: every sequence (to find gaps and repeats) and, for events
 * stored after the client asked (live ones), receipt time − the event's createdAt. Events stored
 * before the request are replayed from the database; their age says nothing about delivery.
 */
export class FollowedRun {
  readonly sequences: number[] = []
  readonly liveLatenciesMs: number[] = []
  replayed = 0
  ended = false
  finalType: string | undefined
  error: string | undefined

  constructor(readonly runId: string) {}

  onFrame(frame: string, receivedAt: number, requestedAt: number): void {
    let data: string | undefined
    let event: string | undefined
    for (const line of frame.split('\n')) {
      if (line.startsWith('data: ')) data = line.slice(6)
      else if (line.startsWith('event: ')) event = line.slice(7)
    }
    if (event === 'end') {
      this.ended = true
      return
    }
    if (data === undefined) return // retry: and keep-alive comments
    const parsed = JSON.parse(data) as { sequence: number; type: string; createdAt: string }
    this.sequences.push(parsed.sequence)
    if (FINAL_EVENT_TYPES.has(parsed.type)) this.finalType = parsed.type
    const createdAt = Date.parse(parsed.createdAt)
    if (createdAt >= requestedAt) this.liveLatenciesMs.push(receivedAt - createdAt)
    else this.replayed++
  }

  /** Sequences missing between 1 and the last one seen. */
  get missing(): number {
    const seen = new Set(this.sequences)
    const last = Math.max(0, ...this.sequences)
    let missing = 0
    for (let sequence = 1; sequence <= last; sequence++) if (!seen.has(sequence)) missing++
    return missing
  }

  get duplicated(): number {
    return this.sequences.length - new Set(this.sequences).size
  }

  /** Sequences that arrived lower than one before them. */
  get outOfOrder(): number {
    let count = 0
    for (let i = 1; i < this.sequences.length; i++) if (this.sequences[i] < this.sequences[i - 1]) count++
    return count
  }
}
