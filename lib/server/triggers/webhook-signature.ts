/**
 * How a webhook call is signed (issue #32), after Stripe's scheme:
 *
 *     Agentloom-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * The secret is the whole `whsec_…` text shown when the webhook was made or rotated. Several `v1=` may be sent (one
 * per secret, while a sender moves to a rotated one); any that matches will do. A signature more than
 * SIGNATURE_TOLERANCE_S from the server's clock either way is refused, and one already accepted is a replay.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_TOLERANCE_S = 5 * 60
const SECRET_PREFIX = 'whsec_'

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url')
}

export interface SignatureHeader {
  timestamp: number
  signatures: string[]
}

/** The header's parts, or undefined when it is not `t=…,v1=…` (unknown schemes are ignored). */
export function parseSignatureHeader(header: string | null): SignatureHeader | undefined {
  if (!header || header.length > 2_000) return undefined
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2)
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value)
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures: signatures.slice(0, 5) }
}

export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

/** The header a sender sends (for the CLI, the UI's example and tests). */
export function signatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, body)}`
}

/** The signature of `header` that matches (compared in constant time), or undefined. */
export function matchingSignature(secret: string, header: SignatureHeader, body: string): string | undefined {
  const expected = Buffer.from(computeSignature(secret, header.timestamp, body), 'hex')
  let matched: string | undefined
  // Every candidate is compared, so the time taken does not say which one matched.
  for (const signature of header.signatures) {
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex')) && matched === undefined) matched = signature
  }
  return matched
}

/** Whether the signed time is within the tolerance of `now` (either way). */
export function isFresh(timestamp: number, now: Date): boolean {
  return Math.abs(now.getTime() / 1000 - timestamp) <= SIGNATURE_TOLERANCE_S
}
