/**
 * The address a request came from, as sign-in rate limits and lockouts must see it: the TCP peer,
 * unless that peer is a reverse proxy the operator listed in AGENTLOOM_TRUSTED_PROXIES; then the
 * right-most address of `X-Forwarded-For` that is not one of those proxies (everything left of it
 * was written by the client and proves nothing). A client-sent `X-Forwarded-For` from an untrusted
 * peer is ignored, so rotating it no longer buys fresh attempts.
 *
 * The result travels to Better Auth and the app in CLIENT_ADDRESS_HEADER, which the raw request
 * hook (raw-request-guard.ts) overwrites on every request, whatever the client sent in it.
 */
import type { IncomingMessage } from 'node:http'
import { BlockList, isIP } from 'node:net'

export const CLIENT_ADDRESS_HEADER = 'x-agentloom-client-address'

export type TrustedProxies = BlockList

/** AGENTLOOM_TRUSTED_PROXIES: comma-separated IPs and CIDR ranges (`10.0.0.5, 10.1.0.0/16, ::1`). */
export function trustedProxiesFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): TrustedProxies {
  const list = new BlockList()
  for (const entry of (env.AGENTLOOM_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [address, prefix, extra] = entry.split('/')
    const family = isIP(address)
    const bits = prefix === undefined ? undefined : Number(prefix)
    const validBits = bits === undefined || (/^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128))
    if (!family || extra !== undefined || !validBits) {
      throw new Error(`AGENTLOOM_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range.`)
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, bits, type)
  }
  return list
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) → `10.0.0.1`. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped ? mapped[1] : address
}

function isTrusted(address: string, proxies: TrustedProxies): boolean {
  const family = isIP(address)
  return family !== 0 && proxies.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The client's address. `forwardedFor` is every X-Forwarded-For header the request carried, joined
 * with commas in order; it counts only when the peer is trusted.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, proxies: TrustedProxies): string | undefined {
  if (!socketAddress) return undefined
  let address = plainAddress(socketAddress)
  if (!isTrusted(address, proxies) || !forwardedFor) return address
  const hops = forwardedFor
    .split(',')
    .map((hop) => plainAddress(hop.trim()))
    .filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) {
    // A hop that is not an address at all: a proxy we trust would not have written it; stop at the last good one.
    if (!isIP(hops[i])) return address
    address = hops[i]
    if (!isTrusted(address, proxies)) return address
  }
  // Every hop was one of our proxies: the left-most is as close to the client as we can tell.
  return address
}

/** Replaces whatever the client sent in CLIENT_ADDRESS_HEADER with the address worked out here. */
export function stampClientAddress(request: IncomingMessage, proxies: TrustedProxies): void {
  const forwarded = request.headers['x-forwarded-for']
  const address = clientAddress(request.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, proxies)
  if (address) request.headers[CLIENT_ADDRESS_HEADER] = address
  else delete request.headers[CLIENT_ADDRESS_HEADER]
}
