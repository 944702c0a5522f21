import { describe, expect, it } from 'vitest'
import { embeddedIPv4, OutboundAllowList, refusedKindOf } from './outbound-address-rules'
import { OutboundPolicy, OutboundRefusedError, type HostResolver } from './outbound-policy'

/** A resolver for names the tests make up: public-looking names answer with a public address. */
const resolverOf =
  (answers: Record<string, string[]>): HostResolver =>
  async (hostname) => {
    const found = answers[hostname]
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

const resolve = resolverOf({
  localhost: ['127.0.0.1', '::1'],
  'public.example': ['93.184.216.34'],
  'public6.example': ['2606:4700::1111'],
  'inside.example': ['10.1.2.3'],
  'mixed.example': ['93.184.216.34', '192.168.1.1'],
  'metadata.example': ['169.254.169.254'],
  'ollama.lan': ['192.168.1.20'],
})

const strict = new OutboundPolicy({ resolve })

async function verdict(policy: OutboundPolicy, url: string): Promise<string> {
  try {
    await policy.check(url)
    return 'allowed'
  } catch (error) {
    if (!(error instanceof OutboundRefusedError)) throw error
    return error.message.replace('refused by the outbound policy: ', '')
  }
}

describe('the outbound policy, every spelling of an inside address', () => {
  it.each([
    // Loopback, in every IPv4 spelling the URL parser accepts.
    ['http://127.0.0.1:8080/mcp', '127.0.0.1 is a loopback address'],
    ['http://127.1/', '127.0.0.1 is a loopback address'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001/', '127.0.0.1 is a loopback address'],
    ['http://127.255.255.254/', '127.255.255.254 is a loopback address'],
    ['http://[::1]/', '::1 is a loopback address'],
    ['http://[0:0:0:0:0:0:0:1]/', '::1 is a loopback address'],
    ['http://localhost/', 'localhost resolves to a loopback address'],
    ['http://localhost./', 'localhost resolves to a loopback address'],
    ['http://LOCALHOST:3000/', 'localhost resolves to a loopback address'],
    // Unspecified.
    ['http://0.0.0.0:5432/', '0.0.0.0 is an unspecified address'],
    ['http://0/', '0.0.0.0 is an unspecified address'],
    ['http://[::]/', ':: is an unspecified address'],
    // Private networks, and names that resolve into them.
    ['http://10.0.0.1/', '10.0.0.1 is a private address'],
    ['http://172.16.0.1/', '172.16.0.1 is a private address'],
    ['http://172.31.255.255/', '172.31.255.255 is a private address'],
    ['http://192.168.0.1/', '192.168.0.1 is a private address'],
    ['http://[fc00::1]/', 'fc00::1 is a private address'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a private address'],
    ['http://inside.example/', 'inside.example resolves to a private address'],
    ['http://mixed.example/', 'mixed.example resolves to a private address'],
    // Link-local, cloud metadata.
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://metadata.example/', 'metadata.example resolves to a link-local address'],
    ['http://[fe80::1]/', 'fe80::1 is a link-local address'],
    ['http://100.64.0.1/', '100.64.0.1 is a shared (carrier-grade NAT) address'],
    // Multicast, broadcast, reserved, documentation, benchmark.
    ['http://224.0.0.1/', '224.0.0.1 is a multicast address'],
    ['http://[ff02::1]/', 'ff02::1 is a multicast address'],
    ['http://255.255.255.255/', '255.255.255.255 is a reserved address'],
    ['http://240.0.0.1/', '240.0.0.1 is a reserved address'],
    ['http://198.18.0.1/', '198.18.0.1 is a reserved address'],
    ['http://192.0.2.1/', '192.0.2.1 is a documentation address'],
    ['http://[2001:db8::1]/', '2001:db8::1 is a documentation address'],
    // IPv6 forms of IPv4 addresses: judged as the IPv4 address.
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is a loopback address'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1 is a loopback address'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe is a link-local address'],
    ['http://[::127.0.0.1]/', '::7f00:1 is a loopback address'],
    ['http://[::ffff:0:10.0.0.1]/', '::ffff:0:a00:1 is a private address'],
    ['http://[64:ff9b::127.0.0.1]/', '64:ff9b::7f00:1 is a loopback address'],
    ['http://[64:ff9b::10.0.0.1]/', '64:ff9b::a00:1 is a private address'],
    ['http://[64:ff9b:1::1]/', '64:ff9b:1::1 is a private address'],
    ['http://[2002:7f00:1::]/', '2002:7f00:1:: is a loopback address'],
    ['http://[2002:c0a8:101::1]/', '2002:c0a8:101::1 is a private address'],
    ['http://[2001::1]/', '2001::1 is a reserved address'],
    // WebSocket URLs go through the same parser.
    ['ws://2130706433/mcp', '127.0.0.1 is a loopback address'],
    ['wss://[::1]:8443/mcp', '::1 is a loopback address'],
    // Schemes other than the four.
    ['file:///etc/passwd', 'only http, https, ws and wss addresses may be reached, not file:'],
    ['gopher://127.0.0.1:25/', 'only http, https, ws and wss addresses may be reached, not gopher:'],
    ['ftp://public.example/', 'only http, https, ws and wss addresses may be reached, not ftp:'],
    ['data:text/plain,hello', 'only http, https, ws and wss addresses may be reached, not data:'],
    ['not a url', 'not a valid URL'],
    // Public addresses, and names that resolve only to them.
    ['https://93.184.216.34/', 'allowed'],
    ['https://public.example/v1', 'allowed'],
    ['http://public6.example/', 'allowed'],
    ['http://[2606:4700::1111]/', 'allowed'],
    ['http://[::ffff:93.184.216.34]/', 'allowed'],
    ['http://[64:ff9b::93.184.216.34]/', 'allowed'],
    ['wss://public.example/mcp', 'allowed'],
    ['http://172.32.0.1/', 'allowed'],
    ['http://100.128.0.1/', 'allowed'],
  ])('%s → %s', async (url, expected) => {
    expect(await verdict(strict, url)).toBe(expected)
  })

  it('passes on what a name that does not resolve throws, for the connection to report', async () => {
    await expect(strict.check('http://nowhere.example/')).rejects.toMatchObject({ code: 'ENOTFOUND' })
  })
})

describe('AGENTLOOM_OUTBOUND_ALLOW', () => {
  const policy = OutboundPolicy.fromEnv({ AGENTLOOM_OUTBOUND_ALLOW: ' localhost , 127.0.0.1, 10.0.0.0/8,fd00::/8, ollama.lan.' }, resolve)

  it.each([
    ['http://localhost:11434/v1', 'allowed'],
    ['http://127.0.0.1:11434/v1', 'allowed'],
    ['http://[::ffff:127.0.0.1]/', 'allowed'],
    ['http://127.0.0.2/', '127.0.0.2 is a loopback address'],
    ['http://[::1]/', '::1 is a loopback address'],
    ['http://10.20.30.40/', 'allowed'],
    ['http://inside.example/', 'allowed'],
    ['http://[fd00:ec2::254]/', 'allowed'],
    ['http://[fc00::1]/', 'fc00::1 is a private address'],
    ['http://ollama.lan:11434/', 'allowed'],
    ['http://192.168.1.20/', '192.168.1.20 is a private address'],
    ['http://169.254.169.254/', '169.254.169.254 is a link-local address'],
    ['gopher://localhost/', 'only http, https, ws and wss addresses may be reached, not gopher:'],
  ])('%s → %s', async (url, expected) => {
    expect(await verdict(policy, url)).toBe(expected)
  })

  it('is empty when unset or blank', () => {
    expect(OutboundAllowList.parse(undefined).isEmpty).toBe(true)
    expect(OutboundAllowList.parse(' , ').isEmpty).toBe(true)
  })

  it.each(['10.0.0.0/33', '10.0.0.0/x', '10.0.0.0/8/1', '::/129', 'http://localhost', 'local host', 'host/8'])('refuses the entry %s at start', (entry) => {
    expect(() => OutboundPolicy.fromEnv({ AGENTLOOM_OUTBOUND_ALLOW: entry })).toThrow(/^AGENTLOOM_OUTBOUND_ALLOW: /)
  })
})

describe('address rules', () => {
  it.each([
    ['::ffff:7f00:1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['2002:a00:1::', '10.0.0.1'],
    ['2606:4700::1111', undefined],
  ])('%s carries %s', (address, inner) => {
    expect(embeddedIPv4(address)).toBe(inner)
  })

  it('judges a zoned link-local address by its address', () => {
    expect(refusedKindOf('fe80::1%eth0', new OutboundAllowList())).toBe('link-local')
  })
})
