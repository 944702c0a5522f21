/** The others present in a live session (their awareness states), kept current. */
import { useEffect, useState } from 'react'
import type { Awareness } from 'y-protocols/awareness'
import { peersOf, type LivePeer } from './live-awareness'

/** The others' states, kept current (awareness `change`: only when someone's state really changed). */
export function useLivePeers(awareness: Awareness | null): LivePeer[] {
  const [peers, setPeers] = useState<LivePeer[]>([])
  useEffect(() => {
    if (!awareness) return
    const read = () => setPeers(peersOf(awareness.getStates(), awareness.clientID))
    read()
    awareness.on('change', read)
    return () => {
      awareness.off('change', read)
      setPeers([])
    }
  }, [awareness])
  return peers
}
