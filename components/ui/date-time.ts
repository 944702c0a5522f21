/**
 * The one way the app writes a date and time: "2026-01-01 10:00:05" in the viewer's time zone.
 * Stable across locales, sortable and unambiguous; every page uses it (through LocalTime), so a
 * time reads the same on the runs list, a run, an approval, a workflow or a token.
 */

/** The formatted time, or `fallback` when there is none (or it is not a date). */
export function formatDateTime(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return fallback
  return (
    `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())} ` +
    `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`
  )
}

/** What the server renders before the viewer's time zone is known: the same shape, in UTC, marked so. */
export function formatDateTimeUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
}

function pad2(value: number): string {
  return value.toString().padStart(2, '0')
}
