/**
 * Connections that go only where the outbound policy allows, with no DNS-rebinding window: the
 * addresses the policy checked are the ones the socket connects to, because the check is the
 * socket's own name lookup. Every connection (each redirect hop, each reconnect) is checked so.
 *
 * - HTTP (MCP Streamable HTTP, the `openai` client): a `fetch` on an undici Agent whose connector
 *   checks IP literals itself (net.connect looks nothing up for them) and resolves names through
 *   the policy. The answer of a refused or failed exchange carries no remote body: a non-2xx
 *   answer's body is dropped, so an error message can quote nothing the server said.
 * - WebSocket (`ws`): the same lookup, and the URL checked before connecting (an IP literal is
 *   never looked up). `ws` follows no redirects.
 */
import type { LookupFunction } from 'node:net'
import { isIP } from 'node:net'
import { Agent, buildConnector } from 'undici'
import { bareHost } from './outbound-address-rules'
import type { OutboundPolicy } from './outbound-policy'

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void

/** A `lookup` for net/tls/http that answers only with addresses the policy allows. */
export function pinnedLookup(policy: OutboundPolicy): LookupFunction {
  const lookup = (hostname: string, options: { family?: number | string; all?: boolean }, callback: LookupCallback): void => {
    policy.addressesFor(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0
        const usable = found.filter((each) => wanted === 0 || each.family === wanted)
        if (usable.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), options.all ? [] : '', undefined)
          return
        }
        if (options.all)
          callback(
            null,
            usable.map(({ address, family }) => ({ address, family })),
          )
        else callback(null, usable[0].address, usable[0].family)
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : '', undefined),
    )
  }
  return lookup as unknown as LookupFunction
}

/** An undici Agent whose every new connection is checked by the policy. */
export function pinnedAgent(policy: OutboundPolicy): Agent {
  const connectChecked = buildConnector({ lookup: pinnedLookup(policy) })
  return new Agent({
    connect: (options, callback) => {
      const host = bareHost(options.hostname)
      if (isIP(host) === 0) return connectChecked(options, callback)
      policy.addressesFor(host).then(
        () => connectChecked(options, callback),
        (error: Error) => callback(error, null),
      )
    },
  })
}

/** Without its body: what a member's server or model endpoint says in an error is not shown to them. */
function withoutErrorBody(response: Response): Response {
  if (response.ok || response.body === null) return response
  void response.body.cancel().catch(() => {})
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers })
}

const fetches = new WeakMap<OutboundPolicy, typeof fetch>()

/** A fetch that connects only where the policy allows (one connection pool per policy). */
export function pinnedFetch(policy: OutboundPolicy): typeof fetch {
  const existing = fetches.get(policy)
  if (existing) return existing
  const dispatcher = pinnedAgent(policy)
  // Node's fetch is undici's: it takes the dispatcher option, which its RequestInit type does not name.
  const guarded = (async (input: string | URL | Request, init?: RequestInit) =>
    withoutErrorBody(await fetch(input, { ...init, dispatcher } as RequestInit))) as typeof fetch
  fetches.set(policy, guarded)
  return guarded
}

/** What a `ws` client needs to connect only where the policy allows. */
export interface PinnedWebSocket {
  lookup: LookupFunction
  /** Checks the URL itself first: a literal address is never looked up. */
  beforeConnect: (url: URL) => Promise<void>
}

export function pinnedWebSocket(policy: OutboundPolicy): PinnedWebSocket {
  return { lookup: pinnedLookup(policy), beforeConnect: (url) => policy.check(url) }
}
