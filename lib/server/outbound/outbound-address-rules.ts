/**
 * Which network addresses a member may make the server reach: every address but the ones that
 * lead inside (loopback, private, link-local and cloud metadata, carrier-grade NAT, multicast,
 * reserved and documentation ranges), whatever IPv6 form carries them (IPv4-mapped, -compatible,
 * NAT64, 6to4). Admins widen it with AGENTLOOM_OUTBOUND_ALLOW: host names, addresses and CIDRs.
 *
 * Addresses are matched with Node's `net.BlockList`; host names come here already normalised by
 * the WHATWG URL parser (which turns `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` into
 * `127.0.0.1`), so nothing but IPv6 groups is parsed by hand.
 */
import { BlockList, isIP, isIPv4 } from 'node:net'

/** Why an address is refused: the words of "<host> resolves to a … address". */
export type RefusedKind = 'loopback' | 'unspecified' | 'private' | 'link-local' | 'shared (carrier-grade NAT)' | 'multicast' | 'reserved' | 'documentation'

const RANGES: Record<RefusedKind, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  unspecified: ['0.0.0.0/8', '::/128'],
  // 64:ff9b:1::/48 is NAT64 for a network's own use (RFC 8215).
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', '64:ff9b:1::/48'],
  // 169.254.169.254 and fd00:ec2::254 (cloud metadata) are in here and in fc00::/7.
  'link-local': ['169.254.0.0/16', 'fe80::/10', 'fec0::/10'],
  'shared (carrier-grade NAT)': ['100.64.0.0/10'],
  multicast: ['224.0.0.0/4', 'ff00::/8'],
  // 240/4 holds 255.255.255.255; 2001::/23 holds Teredo, whose embedded address is obfuscated.
  reserved: ['240.0.0.0/4', '192.0.0.0/24', '192.88.99.0/24', '198.18.0.0/15', '100::/64', '2001::/23', '5f00::/16'],
  documentation: ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32', '3fff::/20'],
}

const REFUSED: ReadonlyArray<[RefusedKind, BlockList]> = Object.entries(RANGES).map(([kind, ranges]) => {
  const list = new BlockList()
  for (const range of ranges) addRange(list, range)
  return [kind as RefusedKind, list]
})

function addRange(list: BlockList, range: string): void {
  const [network, prefix] = range.split('/')
  const type = isIPv4(network) ? 'ipv4' : 'ipv6'
  list.addSubnet(network, Number(prefix), type)
}

/** `[::1]` → `::1`, `localhost.` → `localhost`, `fe80::1%eth0` → `fe80::1`, lower case: how addresses and names are compared. */
export function bareHost(hostname: string): string {
  let host = hostname.trim().toLowerCase()
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1)
  const zone = host.indexOf('%')
  if (zone !== -1 && host.includes(':')) host = host.slice(0, zone)
  return host.endsWith('.') ? host.slice(0, -1) : host
}

/** The eight 16-bit groups of an IPv6 address (which net.isIP has accepted). */
function ipv6Groups(address: string): number[] {
  let text = address
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0')
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16))
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`

/**
 * The IPv4 address an IPv6 address stands for, when it is one of the forms that reach IPv4:
 * mapped (::ffff:a.b.c.d), SIIT-translated (::ffff:0:a.b.c.d), compatible (::a.b.c.d), NAT64
 * (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::/48).
 */
export function embeddedIPv4(address: string): string | undefined {
  const g = ipv6Groups(address)
  const zeroUpTo = (end: number) => g.slice(0, end).every((group) => group === 0)
  if (zeroUpTo(5) && (g[5] === 0xffff || g[5] === 0)) return ipv4Of(g[6], g[7])
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return ipv4Of(g[6], g[7])
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return ipv4Of(g[6], g[7])
  if (g[0] === 0x2002) return ipv4Of(g[1], g[2])
  return undefined
}

/** What AGENTLOOM_OUTBOUND_ALLOW lets members reach besides public addresses. */
export class OutboundAllowList {
  private readonly hosts: ReadonlySet<string>
  private readonly addresses = new BlockList()

  constructor(entries: readonly string[] = []) {
    const hosts = new Set<string>()
    for (const raw of entries) {
      const entry = bareHost(raw)
      if (entry === '') continue
      const [network, prefix, extra] = entry.split('/')
      const family = isIP(bareHost(network))
      if (family === 0) {
        if (prefix !== undefined || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(entry)) throw new Error(`'${raw}' is not a host name, an IP address or a CIDR.`)
        hosts.add(entry)
        continue
      }
      const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix)
      if (extra !== undefined || !Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128) || (prefix !== undefined && !/^\d+$/.test(prefix))) {
        throw new Error(`'${raw}' has no valid prefix length.`)
      }
      this.addresses.addSubnet(bareHost(network), bits, family === 4 ? 'ipv4' : 'ipv6')
    }
    this.hosts = hosts
  }

  /** Comma-separated entries; whitespace around each is ignored. Throws on an entry that is none of the three. */
  static parse(text: string | undefined): OutboundAllowList {
    return new OutboundAllowList((text ?? '').split(',').map((entry) => entry.trim()))
  }

  get isEmpty(): boolean {
    return this.hosts.size === 0 && this.addresses.rules.length === 0
  }

  allowsHost(hostname: string): boolean {
    return this.hosts.has(bareHost(hostname))
  }

  allowsAddress(address: string): boolean {
    const bare = bareHost(address)
    const family = isIP(bare)
    if (family === 0) return false
    if (this.addresses.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return true
    const inner = family === 6 ? embeddedIPv4(bare) : undefined
    return inner !== undefined && this.addresses.check(inner, 'ipv4')
  }
}

/**
 * Why an IP address may not be reached, or undefined when it may: public, or allowed. An IPv6
 * form of an IPv4 address is judged as that IPv4 address.
 */
export function refusedKindOf(address: string, allow: OutboundAllowList): RefusedKind | undefined {
  const bare = bareHost(address)
  const family = isIP(bare)
  if (family === 0) return 'reserved'
  if (allow.allowsAddress(bare)) return undefined
  if (family === 6) {
    const inner = embeddedIPv4(bare)
    // :: and ::1 are "compatible" forms of 0.0.0.0 and 0.0.0.1: the IPv6 ranges name them better.
    if (inner !== undefined && !['::', '::1'].includes(bare)) return refusedKindOf(inner, allow)
  }
  const type = family === 4 ? 'ipv4' : 'ipv6'
  return REFUSED.find(([, list]) => list.check(bare, type))?.[0]
}
