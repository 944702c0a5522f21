/**
 * Redaction by value: every configured secret is cut out of text from outside (tool results,
 * errors, server logs) before it is stored, shown or logged — whole, any part of it of
 * `MIN_FRAGMENT` characters or more, and its URL-encoded and base64 forms (of the whole and of
 * parts: a part's base64 is a piece of the base64 of the secret read from one of three byte
 * offsets, so the three encodings cover it).
 *
 * Matching: every `MIN_FRAGMENT`-character window of every form of every secret goes into one
 * Set; the text is scanned window by window, and each hit marks its characters. Marked runs are
 * merged and replaced by "[redacted]". A fragment of a secret longer than the window is a chain
 * of overlapping windows, so it is found whatever its length — with one lookup per position
 * instead of one pattern per substring (a secret of length n has O(n²) of those). A table of the
 * windows' first two characters skips most positions without building a string.
 *
 * Secrets shorter than `MIN_FRAGMENT` are cut out only whole; values shorter than `MIN_SECRET`
 * (a "1", an "on") carry no secret and are left alone, or every text would be shredded.
 */

export const REDACTED = '[redacted]'
/** Parts of a secret this long or longer are redacted. */
export const MIN_FRAGMENT = 8
/** Shorter values are not treated as secrets. */
export const MIN_SECRET = 4

/** The forms a value takes when a server or library echoes it: URL-encoded (both cases of hex, and form style). */
function urlEncodedForms(value: string): string[] {
  const encoded = encodeURIComponent(value)
  if (encoded === value) return []
  const lower = encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())
  const formStyle = encoded.replace(/%20/g, '+')
  return [...new Set([encoded, lower, formStyle])]
}

/** Base64 (standard and url-safe, no padding) of the value read from byte offsets 0, 1 and 2. */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8')
  const forms: string[] = []
  for (let offset = 0; offset < 3 && offset < bytes.length; offset += 1) {
    const standard = bytes.subarray(offset).toString('base64').replace(/=+$/, '')
    forms.push(standard, standard.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return forms
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A key for the first two characters of a window, for the quick pre-check. */
function pairKey(text: string, index: number): number {
  return ((text.charCodeAt(index) << 5) ^ text.charCodeAt(index + 1)) & 0xffff
}

export class SecretRedactor {
  /** Every MIN_FRAGMENT-character window of every form of every long secret. */
  private readonly windows = new Set<string>()
  private readonly windowStarts = new Uint8Array(0x10000)
  /** Secrets (and their forms) shorter than MIN_FRAGMENT, whole only; null when there are none. */
  private readonly shortPattern: RegExp | null
  readonly size: number

  constructor(secrets: Iterable<string>) {
    const short = new Set<string>()
    let count = 0
    for (const secret of new Set(secrets)) {
      if (secret.length < MIN_SECRET) continue
      count += 1
      const whole = [secret, ...urlEncodedForms(secret)]
      for (const form of whole) {
        if (form.length < MIN_FRAGMENT) short.add(form)
        else this.addWindows(form)
      }
      // Base64 of a short secret is whole-only too: its pieces are too short to mean anything.
      if (secret.length < MIN_FRAGMENT) short.add(Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, ''))
      else for (const form of base64Forms(secret)) this.addWindows(form)
    }
    this.size = count
    const alternatives = [...short].sort((a, b) => b.length - a.length).map(escapeRegExp)
    this.shortPattern = alternatives.length ? new RegExp(alternatives.join('|'), 'g') : null
  }

  private addWindows(form: string): void {
    for (let start = 0; start + MIN_FRAGMENT <= form.length; start += 1) {
      this.windows.add(form.slice(start, start + MIN_FRAGMENT))
      this.windowStarts[pairKey(form, start)] = 1
    }
  }

  get empty(): boolean {
    return this.size === 0
  }

  /** `text` with every secret form cut out. */
  redact(text: string): string {
    if (this.size === 0 || text.length < MIN_SECRET) return text
    const redacted = this.windows.size ? this.redactFragments(text) : text
    return this.shortPattern ? redacted.replace(this.shortPattern, REDACTED) : redacted
  }

  /**
   * Strings anywhere in a JSON-like value (object keys too), redacted; other values as they are.
   * Walks with its own stack rather than recursion, so no depth of nesting can overflow it or
   * make it stop early with a secret left in.
   */
  redactValue<T>(value: T): T {
    if (this.size === 0) return value
    const pending: Array<[source: object, copy: Record<string, unknown> | unknown[]]> = []
    const root = this.copyOrRedact(value, pending)
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [source, copy] = next
      if (Array.isArray(source)) source.forEach((item, index) => ((copy as unknown[])[index] = this.copyOrRedact(item, pending)))
      else for (const [key, inner] of Object.entries(source)) (copy as Record<string, unknown>)[this.redact(key)] = this.copyOrRedact(inner, pending)
    }
    return root as T
  }

  /** A string redacted, a scalar as it is, or an empty copy of a container whose filling is queued. */
  private copyOrRedact(value: unknown, pending: Array<[object, Record<string, unknown> | unknown[]]>): unknown {
    if (typeof value === 'string') return this.redact(value)
    if (value === null || typeof value !== 'object' || value instanceof Date) return value
    const copy = Array.isArray(value) ? [] : {}
    pending.push([value, copy])
    return copy
  }

  private redactFragments(text: string): string {
    let out = ''
    let copiedUpTo = 0
    // The marked run being collected: [runStart, runEnd).
    let runStart = -1
    let runEnd = -1
    const last = text.length - MIN_FRAGMENT
    for (let index = 0; index <= last; index += 1) {
      if (this.windowStarts[pairKey(text, index)] === 0) continue
      if (!this.windows.has(text.slice(index, index + MIN_FRAGMENT))) continue
      if (runStart !== -1 && index <= runEnd) {
        runEnd = index + MIN_FRAGMENT
        continue
      }
      if (runStart !== -1) {
        out += text.slice(copiedUpTo, runStart) + REDACTED
        copiedUpTo = runEnd
      }
      runStart = index
      runEnd = index + MIN_FRAGMENT
    }
    if (runStart === -1) return text
    return out + text.slice(copiedUpTo, runStart) + REDACTED + text.slice(runEnd)
  }
}

export const NO_SECRETS = new SecretRedactor([])
