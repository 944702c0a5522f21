/** Each person's colour in a live session (avatar, cursor, selection outline): the same on every screen, from their id. */
const LIVE_COLORS = ['#e11d48', '#2563eb', '#059669', '#d97706', '#7c3aed', '#0891b2', '#c026d3', '#65a30d'] as const

export function colorFor(id: string): string {
  let hash = 0
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) | 0
  return LIVE_COLORS[Math.abs(hash) % LIVE_COLORS.length]!
}

/** Up to two initials of a name, for an avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const initials = words.length > 1 ? `${words[0]![0]}${words[words.length - 1]![0]}` : (words[0]?.slice(0, 2) ?? '?')
  return initials.toUpperCase()
}
