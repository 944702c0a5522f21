/**
 * Mapping session ids to history file names. Ids made of letters, digits, `_`, `.` and `-` (not
 * starting with `.` or `-`, at most 128 characters) are used as they are; a missing or empty id is
 * `default`; anything else becomes `~session-<base64url of the UTF-8 id>` (or, when that would be too
 * long for a file name, `~session-sha256-<hex digest>`), so no id can name a path outside the directory.
 */
import { createHash } from 'node:crypto'
import path from 'node:path'
import { SessionPathError } from '../errors'

const SAFE_ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/
const MAX_STEM_LENGTH = 200

export function sessionFileStem(sessionId: string | undefined): string {
  if (sessionId === undefined || sessionId === '') return 'default'
  if (SAFE_ID.test(sessionId)) return sessionId
  const encoded = `~session-${Buffer.from(sessionId, 'utf8').toString('base64url')}`
  if (encoded.length <= MAX_STEM_LENGTH) return encoded
  return `~session-sha256-${createHash('sha256').update(sessionId, 'utf8').digest('hex')}`
}

/** The history file of a session, guaranteed to sit directly inside `storageDir`. */
export function sessionFilePath(storageDir: string, sessionId: string | undefined, extension = '.jsonl'): string {
  const root = path.resolve(storageDir)
  const filePath = path.resolve(root, sessionFileStem(sessionId) + extension)
  if (path.dirname(filePath) !== root) {
    throw new SessionPathError(`Session id ${JSON.stringify(sessionId)} resolves outside the history directory.`)
  }
  return filePath
}
