/**
 * Reading a request body with a size limit. The stream is read with a byte counter and
 * abandoned as soon as it passes the limit, so an oversized body is refused (413) without being
 * held in memory whole; a Content-Length over the limit is refused before anything is read.
 */
import { DomainError } from './domain-errors'

const MEBIBYTE = 1024 * 1024

/** Body limits, in bytes: `default` for every route, `import` for routes that take whole files (manifest import). */
export interface BodyLimits {
  default: number
  import: number
}

export type BodyLimitName = keyof BodyLimits

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const number = Number(value)
  return Number.isSafeInteger(number) && number > 0 ? number : undefined
}

/**
 * AGENTLOOM_MAX_BODY_BYTES (default 1 MiB) and AGENTLOOM_MAX_IMPORT_BODY_BYTES (default 5 MiB,
 * never below the default limit). Invalid values fall back to the defaults.
 */
export function bodyLimitsFromEnv(env: Record<string, string | undefined> = process.env): BodyLimits {
  const defaultLimit = positiveInteger(env.AGENTLOOM_MAX_BODY_BYTES) ?? MEBIBYTE
  const importLimit = positiveInteger(env.AGENTLOOM_MAX_IMPORT_BODY_BYTES) ?? 5 * MEBIBYTE
  return { default: defaultLimit, import: Math.max(importLimit, defaultLimit) }
}

export function payloadTooLarge(limit: number): DomainError {
  return new DomainError('payload_too_large', `The request body is larger than ${formatBytes(limit)}.`, { limitBytes: limit })
}

function formatBytes(bytes: number): string {
  if (bytes % MEBIBYTE === 0) return `${bytes / MEBIBYTE} MiB`
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes} bytes`
}

/** The declared Content-Length, when there is a well-formed one. */
export function declaredLength(headers: { get(name: string): string | null }): number | undefined {
  const value = headers.get('content-length')
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined
  return Number(value)
}

/** Throws 413 when the declared Content-Length is over `limit`. */
export function checkDeclaredLength(headers: Headers, limit: number): void {
  const length = declaredLength(headers)
  if (length !== undefined && length > limit) throw payloadTooLarge(limit)
}

/**
 * The body as text (UTF-8), at most `limit` bytes: 413 past it, 400 when it is not valid UTF-8.
 * An absent body is the empty string.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  checkDeclaredLength(request.headers, limit)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > limit) {
      await reader.cancel().catch(() => {})
      throw payloadTooLarge(limit)
    }
    chunks.push(value)
  }
  return decodeUtf8(concat(chunks, received))
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new DomainError('invalid_encoding', 'The request body is not valid UTF-8 text.')
  }
}
