import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'

/**
 * The fetch one Streamable HTTP connection uses.
 *
 * - The SDK transport hands the same long-lived AbortSignal to every POST; undici registers an
 *   abort listener per request on it and only drops them at garbage collection, so thousands of
 *   calls pile up listeners (MaxListenersExceededWarning) and memory. Each POST here gets its own
 *   controller instead, aborted when the connection closes.
 * - `headerProvider` headers go only to requests for the server URL's own origin.
 * - A POST response stream that breaks mid-way would leave its request pending until the request
 *   timeout (the SDK only reports it); it is reported as a broken connection instead.
 */

export type HeaderProvider = (
  kwargs: Readonly<Record<string, unknown>>,
) => Record<string, string> | undefined | null | Promise<Record<string, string> | undefined | null>

export interface ConnectionFetchOptions {
  serverUrl: URL
  headerProvider?: HeaderProvider
  /** Runtime kwargs of the tool call this request belongs to ({} for background requests). */
  currentKwargs: () => Readonly<Record<string, unknown>>
  onBroken: (error: unknown) => void
  baseFetch?: FetchLike
}

/** Scheme, host and port (default ports made explicit). */
export function originOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '')
  return `${url.protocol}//${url.hostname}:${port}`
}

export class ConnectionFetch {
  private readonly inFlight = new Set<AbortController>()
  private readonly serverOrigin: string
  private closing = false

  constructor(private readonly options: ConnectionFetchOptions) {
    this.serverOrigin = originOf(options.serverUrl)
  }

  readonly fetch: FetchLike = async (url, init = {}) => {
    const target = url instanceof URL ? url : new URL(url)
    const headers = await this.headersFor(target, init.headers)
    const baseFetch = this.options.baseFetch ?? fetch
    // The standalone GET stream lives as long as the connection: its one listener is fine.
    if ((init.method ?? 'GET').toUpperCase() === 'GET') return baseFetch(target, { ...init, headers })

    const controller = new AbortController()
    this.inFlight.add(controller)
    let response: Response
    try {
      response = await baseFetch(target, { ...init, headers, signal: controller.signal })
    } catch (error) {
      this.inFlight.delete(controller)
      throw error
    }
    const isStream = response.body !== null && (response.headers.get('content-type') ?? '').includes('text/event-stream')
    if (!isStream) {
      this.inFlight.delete(controller)
      return response
    }
    return new Response(this.watchStream(response.body!, controller), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }

  /** Aborts every request still in flight (the connection is closing). */
  abortAll(): void {
    this.closing = true
    for (const controller of this.inFlight) controller.abort()
    this.inFlight.clear()
  }

  private async headersFor(target: URL, initHeaders: HeadersInit | undefined): Promise<Headers> {
    const headers = new Headers(initHeaders)
    const provider = this.options.headerProvider
    if (provider && originOf(target) === this.serverOrigin) {
      const extra = await provider(this.options.currentKwargs())
      if (extra) for (const [name, value] of Object.entries(extra)) headers.set(name, value)
    }
    return headers
  }

  private watchStream(body: ReadableStream<Uint8Array>, controller: AbortController): ReadableStream<Uint8Array> {
    const reader = body.getReader()
    const finish = (): void => void this.inFlight.delete(controller)
    return new ReadableStream<Uint8Array>({
      pull: async (stream) => {
        try {
          const { value, done } = await reader.read()
          if (done) {
            finish()
            stream.close()
            return
          }
          stream.enqueue(value)
        } catch (error) {
          finish()
          stream.error(error)
          if (!this.closing && !controller.signal.aborted) this.options.onBroken(error)
        }
      },
      cancel: async (reason) => {
        finish()
        await reader.cancel(reason).catch(() => {})
      },
    })
  }
}
