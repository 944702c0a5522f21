/**
 * The names the app's statements are prepared under (sql.ts): the same text always gets the same name, in every
 * process, so Postgres parses and plans each statement once per connection.
 *
 * Kept by the text's length, then by the text: a run's batch statement is built anew for every batch (its CTEs depend
 * on what rides with it), and a Map keyed by the text would hash all of it, a kilobyte or two, at every call. Texts of
 * one length are few, and telling two of them apart is a memory compare.
 */
import { createHash } from 'node:crypto'

const namesByLength = new Map<number, { text: string; name: string }[]>()

export function statementName(text: string): string {
  const sameLength = namesByLength.get(text.length)
  if (sameLength) {
    for (const known of sameLength) if (known.text === text) return known.name
  }
  const name = `al_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`
  if (sameLength) sameLength.push({ text, name })
  else namesByLength.set(text.length, [{ text, name }])
  return name
}
