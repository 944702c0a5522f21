/**
 * What each person in a live session tells the others besides the document (Yjs awareness): who they
 * are, where their pointer is on the canvas (flow coordinates, so that pan and zoom are each viewer's
 * own) and what they have selected. Others' states come from their browsers: each is checked here and
 * one that does not fit is left out.
 */
import { z } from 'zod'

const MAX_SELECTED = 5_000

export const liveAwarenessStateSchema = z.object({
  user: z.object({ id: z.string().min(1).max(100), name: z.string().max(200), color: z.string().regex(/^#[0-9a-f]{6}$/i) }),
  cursor: z.object({ x: z.number().finite(), y: z.number().finite() }).nullable().catch(null),
  selection: z
    .object({ nodes: z.array(z.string().max(200)).max(MAX_SELECTED), edges: z.array(z.string().max(400)).max(MAX_SELECTED) })
    .catch({ nodes: [], edges: [] }),
})
export type LiveAwarenessState = z.infer<typeof liveAwarenessStateSchema>

export interface LivePeer extends LiveAwarenessState {
  clientId: number
}

/** The others' states (not this client's), those that fit, in client order. */
export function peersOf(states: ReadonlyMap<number, unknown>, ownClientId: number): LivePeer[] {
  const peers: LivePeer[] = []
  for (const [clientId, state] of states) {
    if (clientId === ownClientId) continue
    const parsed = liveAwarenessStateSchema.safeParse(state)
    if (parsed.success) peers.push({ clientId, ...parsed.data })
  }
  return peers.sort((a, b) => a.clientId - b.clientId)
}

/** One entry per person (someone with two tabs open shows once), never the person themself. */
export function peoplePresent(peers: readonly LivePeer[], ownUserId: string | undefined): LivePeer[] {
  const seen = new Set<string>()
  return peers.filter((peer) => {
    if (peer.user.id === ownUserId || seen.has(peer.user.id)) return false
    seen.add(peer.user.id)
    return true
  })
}

/** Whether two selections hold the same ids (to send a selection only when it changed). */
export function sameSelection(a: LiveAwarenessState['selection'], b: LiveAwarenessState['selection']): boolean {
  return (
    a.nodes.length === b.nodes.length &&
    a.edges.length === b.edges.length &&
    a.nodes.every((id, i) => id === b.nodes[i]) &&
    a.edges.every((id, i) => id === b.edges[i])
  )
}

/** Who of the others selected an edge, as the canvas marks it. */
export type EdgeSelector = LivePeer['user']

/**
 * The edges the others have selected, each with who selected it (the first of them in client order when several did),
 * to outline them in that person's colour. At most `limit` per person, as for their nodes.
 */
export function edgeSelectorsOf(peers: readonly LivePeer[], limit = 200): Map<string, EdgeSelector> {
  const selectors = new Map<string, EdgeSelector>()
  for (const peer of peers) for (const edgeId of peer.selection.edges.slice(0, limit)) if (!selectors.has(edgeId)) selectors.set(edgeId, peer.user)
  return selectors
}

/** Whether two edge selections mark the same edges for the same people (to redraw the edges only when they changed). */
export function sameEdgeSelectors(a: ReadonlyMap<string, EdgeSelector>, b: ReadonlyMap<string, EdgeSelector>): boolean {
  if (a.size !== b.size) return false
  for (const [edgeId, user] of a) {
    const other = b.get(edgeId)
    if (!other || other.id !== user.id || other.name !== user.name || other.color !== user.color) return false
  }
  return true
}
