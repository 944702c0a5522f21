/**
 * The outbound policy: whether the server may reach an address a member chose (an MCP server's
 * URL, an agent's model base URL). A URL must be http, https, ws or wss, and its host must be
 * allowed (AGENTLOOM_OUTBOUND_ALLOW) or resolve only to addresses outbound-address-rules.ts lets
 * through. Checking a URL before saving it tells the member early; the real guard is the pinned
 * connection (pinned-connection.ts), which connects only to the addresses this policy checked.
 *
 * The host resolver is injectable: tests cannot reach the public internet, and a resolver whose
 * answer changes between two calls is how DNS rebinding is tested.
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { UserError } from '@/lib/core'
import { bareHost, OutboundAllowList, refusedKindOf } from './outbound-address-rules'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Every address a host name resolves to (a name that does not resolve throws, as dns.lookup does). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>

export const systemResolver: HostResolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true })
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:'])

/** The policy refused an address: the message says which host and what kind of address, nothing more. */
export class OutboundRefusedError extends UserError {
  override readonly code = 'outbound_address_refused'
}

export class OutboundPolicy {
  readonly allow: OutboundAllowList
  private readonly resolve: HostResolver

  constructor({ allow = new OutboundAllowList(), resolve = systemResolver }: { allow?: OutboundAllowList; resolve?: HostResolver } = {}) {
    this.allow = allow
    this.resolve = resolve
  }

  /** AGENTLOOM_OUTBOUND_ALLOW; an entry that is not a host, an address or a CIDR stops the process at start. */
  static fromEnv(env: Readonly<Record<string, string | undefined>> = process.env, resolve?: HostResolver): OutboundPolicy {
    try {
      return new OutboundPolicy({ allow: OutboundAllowList.parse(env.AGENTLOOM_OUTBOUND_ALLOW), resolve })
    } catch (error) {
      throw new Error(`AGENTLOOM_OUTBOUND_ALLOW: ${(error as Error).message}`)
    }
  }

  /** The scheme and the host's addresses, as a connection to `url` would meet them. Throws OutboundRefusedError. */
  async check(url: string | URL): Promise<void> {
    const parsed = parseUrl(url)
    if (!ALLOWED_PROTOCOLS.has(parsed.protocol)) {
      throw new OutboundRefusedError(`refused by the outbound policy: only http, https, ws and wss addresses may be reached, not ${parsed.protocol}`)
    }
    await this.addressesFor(parsed.hostname)
  }

  /**
   * Why the policy refuses `url` now, for telling someone as they save it; undefined when it is
   * allowed, and when its name does not resolve (it may later: connecting checks again anyway).
   */
  async refusalOf(url: string | URL): Promise<OutboundRefusedError | undefined> {
    try {
      await this.check(url)
      return undefined
    } catch (error) {
      if (error instanceof OutboundRefusedError) return error
      return undefined
    }
  }

  /**
   * The addresses a connection to `hostname` may use: those it resolves to, when every one of them
   * is allowed (a name with one inside address among public ones is refused whole). An allowed
   * host name is resolved and used as it is.
   */
  async addressesFor(hostname: string): Promise<readonly ResolvedAddress[]> {
    const host = bareHost(hostname)
    if (host === '') throw new OutboundRefusedError('refused by the outbound policy: the address names no host')
    const family = isIP(host)
    if (family !== 0) {
      this.assertAllowed(host, host, 'is')
      return [{ address: host, family: family === 6 ? 6 : 4 }]
    }
    if (this.allow.allowsHost(host)) return this.resolve(host)
    const addresses = await this.resolve(host)
    for (const { address } of addresses) this.assertAllowed(host, address, 'resolves to')
    return addresses
  }

  private assertAllowed(host: string, address: string, verb: 'is' | 'resolves to'): void {
    const kind = refusedKindOf(address, this.allow)
    if (kind === undefined) return
    throw new OutboundRefusedError(`refused by the outbound policy: ${host} ${verb} a${/^[aeiou]/.test(kind) ? 'n' : ''} ${kind} address`)
  }
}

function parseUrl(url: string | URL): URL {
  if (url instanceof URL) return url
  try {
    return new URL(url)
  } catch {
    throw new OutboundRefusedError('refused by the outbound policy: not a valid URL')
  }
}

/** An OutboundRefusedError anywhere in an error's cause chain (fetch and the `openai` package wrap what a connect throws). */
export function outboundRefusalIn(error: unknown): OutboundRefusedError | undefined {
  let current = error
  for (let depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (current instanceof OutboundRefusedError || (current as { code?: unknown }).code === 'outbound_address_refused') return current as OutboundRefusedError
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
