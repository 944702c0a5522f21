/**
 * The installation's master key: 32 bytes from AGENTLOOM_SECRET_KEY (base64 or hex), or — on a
 * single machine — a key generated at first start into the data folder with mode 0600. Secrets
 * at rest are encrypted with keys derived from it, and so are the sign-in cookies.
 */
import { hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export const MASTER_KEY_BYTES = 32

export class MasterKeyError extends Error {
  readonly code = 'invalid_secret_key'
}

/** Parses a key written as 64 hex digits or as base64 / base64url of 32 bytes. */
export function parseMasterKey(text: string, source: string): Buffer {
  const value = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64')
  if (key.length !== MASTER_KEY_BYTES) {
    throw new MasterKeyError(`${source} must hold a ${MASTER_KEY_BYTES}-byte key, as 64 hex digits or base64 (for example: openssl rand -base64 32).`)
  }
  return key
}

export function keyFilePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  // turbopackIgnore: the key is read at run time; the build must never trace it into its output.
  return env.AGENTLOOM_SECRET_KEY_FILE ?? join(/*turbopackIgnore: true*/ process.cwd(), '.data', 'secret.key')
}

/** Reads the key file, creating it (mode 0600) when it does not exist yet. Safe when several processes race. */
function readOrCreateKeyFile(path: string): Buffer {
  try {
    return parseMasterKey(readFileSync(path, 'utf8'), path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  try {
    writeFileSync(path, randomBytes(MASTER_KEY_BYTES).toString('base64') + '\n', { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return parseMasterKey(readFileSync(path, 'utf8'), path)
}

const cache = new Map<string, Buffer>()

export function loadMasterKey(env: Readonly<Record<string, string | undefined>> = process.env): Buffer {
  if (env.AGENTLOOM_SECRET_KEY) return parseMasterKey(env.AGENTLOOM_SECRET_KEY, 'AGENTLOOM_SECRET_KEY')
  const path = keyFilePath(env)
  let key = cache.get(path)
  if (!key) {
    key = readOrCreateKeyFile(path)
    cache.set(path, key)
  }
  return key
}

/** A key for one purpose, derived from the master key (HKDF-SHA-256), so purposes never share a key. */
export function deriveKey(master: Buffer, purpose: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `agentloom:${purpose}`, bytes))
}
