/**
 * Redaction by value: the secrets a run can see are cut out of text from outside (tool results,
 * errors, server logs) before it is stored, shown or logged — whole, any part of a long one, and
 * the forms servers and libraries echo them in: URL-encoded, every character `%XX`-escaped, hex,
 * and base64 (of the whole and of parts: a part's base64 is a piece of the base64 of the secret
 * read from one of three byte offsets, so the three encodings cover it). Matching ignores case, so
 * upper- and lower-case hex digits and a server's upper-cased echo are caught alike.
 *
 * Which secrets: never the installation's at once. A redactor is built per run (or chat turn,
 * conversation, probe) from the secrets of what it uses and the app's own (secret-vault.ts), so
 * one member's values cannot erase text in another member's runs.
 *
 * Matching rules, precompiled into one matcher per set of secrets:
 * - a secret of `MIN_FRAGMENT` characters or more: every window of its forms is looked up in a Set
 *   (windows of `MIN_FRAGMENT` characters of the secret: 8 of the text or base64, 16 hex digits, 24
 *   characters of `%XX`), and each hit marks its characters. A fragment longer than the window is a
 *   chain of overlapping windows, so it is found whatever its length, with one lookup per position
 *   and window length. A table of the windows' first two characters skips most positions;
 * - a shorter secret (and its forms) only whole, and only as a token of its own: not next to a
 *   letter or digit, so a password `pass` cuts `user:pass@host` but leaves `/etc/passwd` alone;
 * - values shorter than `MIN_SECRET` (a "1", an "on") carry no secret and are left alone.
 * Marked runs are merged and replaced by "[redacted]".
 */

export const REDACTED = '[redacted]'
/** Parts of a secret this long or longer are redacted. */
export const MIN_FRAGMENT = 8
/** Shorter values are not treated as secrets. */
export const MIN_SECRET = 4

/** Lower-cases ASCII letters only, so that positions in the result are positions in `text`. */
export function lowerAscii(text: string): string {
  const lowered = text.toLowerCase()
  return lowered.length === text.length ? lowered : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
}

/** URL-encoded (form style too), when that differs from the value. Case is ignored when matching. */
function urlEncodedForms(value: string): string[] {
  const encoded = encodeURIComponent(value)
  if (encoded === value) return []
  return [...new Set([encoded, encoded.replace(/%20/g, '+')])]
}

/** Every byte as `%xx`, as some encoders write any value. */
function percentEveryByte(value: string): string {
  return Buffer.from(value, 'utf8').toString('hex').replace(/../g, '%$&')
}

/** Base64 (standard and url-safe, no padding) of the value read from byte offsets 0, 1 and 2. */
function base64Forms(value: string, offsets: number): string[] {
  const bytes = Buffer.from(value, 'utf8')
  const forms: string[] = []
  for (let offset = 0; offset < offsets && offset < bytes.length; offset += 1) {
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

/** The windows of one length: a window of that many characters of a form stands for MIN_FRAGMENT characters of the secret. */
interface WindowSet {
  length: number
  windows: Set<string>
  /** The windows' first two characters (pairKey), to skip most positions without building a string. */
  starts: Uint8Array
}

export class SecretRedactor {
  /** By window length, shortest first. */
  private readonly windowSets: WindowSet[] = []
  /** Secrets shorter than MIN_FRAGMENT (and their forms), whole tokens only; null when there are none. */
  private readonly shortPattern: RegExp | null
  private readonly shortForms: Set<string>
  /** The lengths of the short forms, longest first. */
  private readonly shortLengths: number[]
  readonly size: number

  constructor(secrets: Iterable<string>) {
    const short = new Set<string>()
    let count = 0
    for (const secret of new Set(secrets)) {
      if (secret.length < MIN_SECRET) continue
      count += 1
      const hex = Buffer.from(secret, 'utf8').toString('hex')
      if (secret.length < MIN_FRAGMENT) {
        for (const form of [secret, ...urlEncodedForms(secret), percentEveryByte(secret), hex, ...base64Forms(secret, 1)]) short.add(lowerAscii(form))
        continue
      }
      for (const form of [secret, ...urlEncodedForms(secret), ...base64Forms(secret, 3)]) this.addWindows(form, MIN_FRAGMENT)
      this.addWindows(hex, MIN_FRAGMENT * 2)
      this.addWindows(percentEveryByte(secret), MIN_FRAGMENT * 3)
    }
    this.size = count
    this.windowSets.sort((a, b) => a.length - b.length)
    this.shortForms = short
    this.shortLengths = [...new Set([...short].map((form) => form.length))].sort((a, b) => b - a)
    const alternatives = [...short].sort((a, b) => b.length - a.length).map(escapeRegExp)
    this.shortPattern = alternatives.length ? new RegExp(alternatives.join('|'), 'g') : null
  }

  private addWindows(form: string, length: number): void {
    const lowered = lowerAscii(form)
    let set = this.windowSets.find((each) => each.length === length)
    if (!set) this.windowSets.push((set = { length, windows: new Set(), starts: new Uint8Array(0x10000) }))
    for (let start = 0; start + length <= lowered.length; start += 1) {
      set.windows.add(lowered.slice(start, start + length))
      set.starts[pairKey(lowered, start)] = 1
    }
  }

  get empty(): boolean {
    return this.size === 0
  }

  /** `text` with every secret form cut out. */
  redact(text: string): string {
    if (this.size === 0 || text.length < MIN_SECRET) return text
    const lowered = lowerAscii(text)
    const marks = this.windowSets.length ? this.markFragments(lowered) : []
    if (this.shortPattern) this.markShort(lowered, marks)
    return marks.length === 0 ? text : cutOut(text, marks)
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

  /** Marked runs [start, end), in order of start, overlapping and touching ones merged. */
  private markFragments(lowered: string): Array<[number, number]> {
    const marks: Array<[number, number]> = []
    const last = lowered.length - this.windowSets[0].length
    for (let index = 0; index <= last; index += 1) {
      const pair = pairKey(lowered, index)
      for (const { length, windows, starts } of this.windowSets) {
        if (index + length > lowered.length) break
        if (starts[pair] === 1 && windows.has(lowered.slice(index, index + length))) addMark(marks, index, index + length)
      }
    }
    return marks
  }

  /** The end of the longest short form at `start`, up to `end`, that stands as a token of its own. */
  private shortTokenAt(lowered: string, start: number, end: number): number | undefined {
    if (isTokenCharacter(lowered, start - 1)) return undefined
    for (const length of this.shortLengths) {
      if (start + length > end) continue
      if (!isTokenCharacter(lowered, start + length) && this.shortForms.has(lowered.slice(start, start + length))) return start + length
    }
    return undefined
  }

  private markShort(lowered: string, marks: Array<[number, number]>): void {
    const found: Array<[number, number]> = []
    const pattern = this.shortPattern!
    pattern.lastIndex = 0
    for (let match = pattern.exec(lowered); match; match = pattern.exec(lowered)) {
      const start = match.index
      const end = start + match[0].length
      const token = this.shortTokenAt(lowered, start, end)
      if (token === undefined) pattern.lastIndex = start + 1
      else {
        found.push([start, token])
        pattern.lastIndex = token
      }
    }
    if (found.length === 0) return
    const all = [...marks, ...found].sort((a, b) => a[0] - b[0])
    marks.length = 0
    for (const [start, end] of all) addMark(marks, start, end)
  }
}

/** A letter or digit (text lower-cased): a short secret next to one is part of a longer word, not the secret. */
function isTokenCharacter(lowered: string, index: number): boolean {
  const code = lowered.charCodeAt(index)
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)
}

/** Adds [start, end) to marks ordered by start, merging it with the last one when they overlap or touch. */
function addMark(marks: Array<[number, number]>, start: number, end: number): void {
  const last = marks[marks.length - 1]
  if (last && start <= last[1]) last[1] = Math.max(last[1], end)
  else marks.push([start, end])
}

function cutOut(text: string, marks: ReadonlyArray<readonly [number, number]>): string {
  let out = ''
  let copiedUpTo = 0
  for (const [start, end] of marks) {
    out += text.slice(copiedUpTo, start) + REDACTED
    copiedUpTo = end
  }
  return out + text.slice(copiedUpTo)
}

export const NO_SECRETS = new SecretRedactor([])
