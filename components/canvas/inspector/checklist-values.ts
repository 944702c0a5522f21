/** The value of a checklist field (names picked from what the server offers) and how ticking changes it. */

export interface ChecklistItem {
  /** What the field stores. */
  value: string
  name: string
  detail: string
  /** Shows the name in monospace (identifiers rather than display names). */
  code?: boolean
  /** The detail's tooltip, when the line may cut it short. */
  detailTitle?: string
}

/** The value after ticking (`checked`) or unticking one name; a name is never listed twice. */
export function toggledValue(value: readonly string[], name: string, checked: boolean): string[] {
  const others = value.filter((v) => v !== name)
  return checked ? [...others, name] : others
}

/** Checked names the server does not offer, in the value's order. */
export function unknownValues(value: readonly string[], items: readonly ChecklistItem[]): string[] {
  const offered = new Set(items.map((item) => item.value))
  return value.filter((name) => !offered.has(name))
}
