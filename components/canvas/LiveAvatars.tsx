'use client'

import { peoplePresent } from './live-awareness'
import { initialsOf } from './live-colors'
import { useLivePeers } from './use-live-peers'
import { useLiveSessionContext } from './use-live-session'

/** The avatars of the others editing or following this workflow now. */
export function LiveAvatars() {
  const { awareness, person, status } = useLiveSessionContext()
  const people = peoplePresent(useLivePeers(awareness), person?.id)
  if (status === 'off' || people.length === 0) return null
  return (
    <ul data-testid="live-avatars" aria-label="Also here" className="flex items-center -space-x-1.5">
      {people.map((peer) => (
        <li
          key={peer.user.id}
          data-testid="live-avatar"
          data-name={peer.user.name}
          title={peer.user.name}
          aria-label={peer.user.name}
          className="flex h-7 w-7 items-center justify-center rounded-full border-2 border-white text-[10px] font-semibold text-white"
          style={{ backgroundColor: peer.user.color }}
        >
          {initialsOf(peer.user.name)}
        </li>
      ))}
    </ul>
  )
}
