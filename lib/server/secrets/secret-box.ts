/**
 * Encryption of secrets at rest: AES-256-GCM with a key derived from the master key for this one
 * purpose, a random 12-byte IV per value and a 16-byte authentication tag. A sealed value is a
 * self-describing string, `v1:<keyId>:<iv>:<ciphertext+tag>` (base64url), whose key id (a short
 * hash of the key) tells a rotation which values are sealed with the old key and which with the new.
 */
import { createCipheriv, createDecipheriv, createHash, randomFillSync } from 'node:crypto'
import { deriveKey } from './master-key'

const FORMAT_VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
const PURPOSE = 'secrets-at-rest'

export class SecretBoxError extends Error {
  readonly code = 'secret_unreadable'
}

/** A short, non-secret fingerprint of a derived key: says which key sealed a value, not the key. */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('agentloom:key-id:').update(key).digest('base64url').slice(0, 10)
}

/**
 * Random IVs drawn from a buffer filled 256 at a time (as randomUUID draws from its cache): each is 12 bytes of the
 * same CSPRNG's output as randomBytes(12) would give, for half the cost of a seal (a run seals a checkpoint per
 * superstep). An IV is not secret (it is stored beside the ciphertext); it must only never repeat under a key.
 */
const ivPool = Buffer.alloc(IV_BYTES * 256)
let ivAt = ivPool.length

/** The next IV: a view into the pool, read before the pool is refilled (a seal uses it at once). */
function nextIv(): Buffer {
  if (ivAt + IV_BYTES > ivPool.length) {
    randomFillSync(ivPool)
    ivAt = 0
  }
  const iv = ivPool.subarray(ivAt, ivAt + IV_BYTES)
  ivAt += IV_BYTES
  return iv
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${FORMAT_VERSION}:`) && value.split(':').length === 4
}

export class SecretBox {
  readonly keyId: string
  private readonly key: Buffer

  constructor(masterKey: Buffer) {
    this.key = deriveKey(masterKey, PURPOSE)
    this.keyId = keyIdOf(this.key)
  }

  /** Seals any JSON value. */
  seal(value: unknown): string {
    return this.sealJsonText(JSON.stringify(value))
  }

  /** Seals a value already serialised as JSON text (one serialisation for a caller that has it); `open` gives the value back. */
  sealJsonText(json: string): string {
    const iv = nextIv()
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(json, 'utf8'), cipher.final(), cipher.getAuthTag()])
    return [FORMAT_VERSION, this.keyId, iv.toString('base64url'), body.toString('base64url')].join(':')
  }

  /** Whether `sealed` was sealed with this box's key (by its key id; no decryption). */
  sealedWithThisKey(sealed: string): boolean {
    return isSealed(sealed) && sealed.split(':')[1] === this.keyId
  }

  /** The JSON value in `sealed`; throws SecretBoxError when it is malformed, tampered with or sealed with another key. */
  open(sealed: string): unknown {
    if (!isSealed(sealed)) throw new SecretBoxError('The stored secret is not in a format this version of Agentloom reads.')
    const [, keyId, ivText, bodyText] = sealed.split(':') as [string, string, string, string]
    if (keyId !== this.keyId) {
      throw new SecretBoxError(
        `The stored secret was encrypted with another key (key id ${keyId}, this key is ${this.keyId}): AGENTLOOM_SECRET_KEY or the key file does not match the one the secrets were stored with.`,
      )
    }
    const iv = Buffer.from(ivText, 'base64url')
    const body = Buffer.from(bodyText, 'base64url')
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretBoxError('The stored secret is truncated.')
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv)
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
      const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()])
      return JSON.parse(plain.toString('utf8')) as unknown
    } catch {
      throw new SecretBoxError('The stored secret failed its integrity check: it was changed or damaged after it was written.')
    }
  }
}
