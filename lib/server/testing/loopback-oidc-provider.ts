/**
 * An OpenID Connect provider on 127.0.0.1 for sign-in tests: discovery, authorize, token,
 * userinfo and JWKS, with ID tokens signed RS256 by a key made at start. Authorize consents at
 * once for the identity the test chose (`signInAs`) and redirects back with a code; the token
 * endpoint checks the client's secret, the redirect URI and the PKCE verifier the way a real
 * provider does, so a flow that passes here did everything a real one needs.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'

export interface OidcIdentity {
  /** The provider's stable id for the person. */
  sub: string
  email: string
  /** Whether the provider vouches for the address. Default true. */
  emailVerified?: boolean
  name?: string
}

export interface LoopbackOidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** Who the next authorizations sign in as. */
  signInAs(identity: OidcIdentity): void
  /** Authorization codes exchanged so far: a refused sign-in still got this far. */
  readonly tokensIssued: number
  close(): Promise<void>
}

interface PendingCode {
  identity: OidcIdentity
  redirectUri: string
  codeChallenge: string
  nonce: string | undefined
  scope: string
}

const KEY_ID = 'loopback-key'
const ALGORITHM = 'RS256'

export async function startLoopbackOidcProvider(): Promise<LoopbackOidcProvider> {
  const clientId = `client-${randomBytes(4).toString('hex')}`
  const clientSecret = randomBytes(24).toString('base64url')
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM)
  const publicJwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: ALGORITHM, use: 'sig' }
  const codes = new Map<string, PendingCode>()
  const accessTokens = new Map<string, OidcIdentity>()
  let identity: OidcIdentity | undefined
  let tokensIssued = 0
  let issuer = ''

  const endpoints: Record<string, (request: IncomingMessage, url: URL, response: ServerResponse) => Promise<void> | void> = {
    'GET /.well-known/openid-configuration': (_request, _url, response) =>
      sendJson(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [ALGORITHM],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        scopes_supported: ['openid', 'email', 'profile'],
      }),
    'GET /jwks': (_request, _url, response) => sendJson(response, 200, { keys: [publicJwk] }),
    'GET /authorize': (_request, url, response) => {
      const query = url.searchParams
      const redirectUri = query.get('redirect_uri')
      if (query.get('client_id') !== clientId || !redirectUri)
        return sendJson(response, 400, { error: 'invalid_request', error_description: 'unknown client or no redirect_uri' })
      const back = new URL(redirectUri)
      const state = query.get('state')
      if (state) back.searchParams.set('state', state)
      const refuse = (error: string) => redirect(response, withParams(back, { error }))
      if (query.get('response_type') !== 'code') return refuse('unsupported_response_type')
      if (!query.get('scope')?.split(' ').includes('openid')) return refuse('invalid_scope')
      const codeChallenge = query.get('code_challenge')
      if (!codeChallenge || query.get('code_challenge_method') !== 'S256') return refuse('invalid_request')
      if (!identity) return refuse('access_denied')
      const code = randomBytes(16).toString('base64url')
      codes.set(code, { identity, redirectUri, codeChallenge, nonce: query.get('nonce') ?? undefined, scope: query.get('scope') ?? '' })
      redirect(response, withParams(back, { code, iss: issuer }))
    },
    'POST /token': async (request, _url, response) => {
      const form = new URLSearchParams(await readBody(request))
      const client = clientCredentials(request, form)
      if (client.id !== clientId || client.secret !== clientSecret) return sendJson(response, 401, { error: 'invalid_client' })
      if (form.get('grant_type') !== 'authorization_code') return sendJson(response, 400, { error: 'unsupported_grant_type' })
      const code = form.get('code') ?? ''
      const pending = codes.get(code)
      codes.delete(code)
      if (!pending || form.get('redirect_uri') !== pending.redirectUri || s256(form.get('code_verifier') ?? '') !== pending.codeChallenge) {
        return sendJson(response, 400, { error: 'invalid_grant' })
      }
      const accessToken = randomBytes(24).toString('base64url')
      accessTokens.set(accessToken, pending.identity)
      tokensIssued++
      sendJson(response, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: pending.scope,
        id_token: await signIdToken(privateKey, { issuer, audience: clientId, nonce: pending.nonce, identity: pending.identity }),
      })
    },
    'GET /userinfo': (request, _url, response) => {
      const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')
      const known = match ? accessTokens.get(match[1]) : undefined
      if (!known) return sendJson(response, 401, { error: 'invalid_token' })
      sendJson(response, 200, claimsOf(known))
    },
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer)
    const endpoint = endpoints[`${request.method} ${url.pathname}`]
    if (!endpoint) return sendJson(response, 404, { error: 'not_found' })
    Promise.resolve(endpoint(request, url, response)).catch((error: unknown) =>
      sendJson(response, 500, { error: 'server_error', error_description: String(error) }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      identity = next
    },
    get tokensIssued() {
      return tokensIssued
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

function claimsOf(identity: OidcIdentity) {
  return { sub: identity.sub, email: identity.email, email_verified: identity.emailVerified ?? true, name: identity.name ?? identity.email.split('@')[0] }
}

async function signIdToken(
  key: CryptoKey,
  { issuer, audience, nonce, identity }: { issuer: string; audience: string; nonce: string | undefined; identity: OidcIdentity },
): Promise<string> {
  return new SignJWT({ ...claimsOf(identity), ...(nonce ? { nonce } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, kid: KEY_ID, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(identity.sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key)
}

/** client_secret_post or client_secret_basic. */
function clientCredentials(request: IncomingMessage, form: URLSearchParams): { id: string | null; secret: string | null } {
  const basic = /^Basic (\S+)$/.exec(request.headers.authorization ?? '')
  if (!basic) return { id: form.get('client_id'), secret: form.get('client_secret') }
  const [id, secret] = Buffer.from(basic[1], 'base64')
    .toString('utf8')
    .split(':')
    .map((part) => decodeURIComponent(part))
  return { id: id ?? null, secret: secret ?? null }
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

function withParams(url: URL, params: Record<string, string>): string {
  const target = new URL(url)
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value)
  return target.toString()
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location }).end()
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
