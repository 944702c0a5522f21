'use client'

/**
 * Opens the inbox at the approval a link names (`#approval-<id>`). The cards load on the client, after the browser's
 * own jump to the anchor found nothing; so once they have loaded, and again whenever the hash changes, the named card
 * is scrolled into view, focused (keyboard users continue from it) and ringed for a moment. One of another workspace
 * widens the inbox to all of them; one that no longer waits, or that the person may not see, gets a notice instead.
 */
import { useEffect, useRef, useState } from 'react'
import { useApprovalQuery } from '@/components/queries/approvals'
import { anchorNotice, approvalIdFromHash, placeOfAnchor, type AnchorNotice } from './approval-anchor'

const INBOX_PATH = '/approvals'
/** How long the named card keeps its ring. */
const HIGHLIGHT_MS = 2_500

export interface ApprovalAnchorInput {
  /** The pending list has loaded. */
  loaded: boolean
  /** The cards the inbox shows (pending in its scope, and answered on this page). */
  shown: readonly { id: string }[]
  /** Every pending approval of the person, in any workspace. */
  waiting: readonly { id: string }[]
  /** Widens the inbox to every workspace. */
  showAllWorkspaces: () => void
}

export interface ApprovalAnchor {
  /** The card to ring, for a moment. */
  highlightedId: string | null
  notice: AnchorNotice | null
}

/** A link to an approval, each following of it counted (the same hash twice still shows the card again). */
interface Target {
  id: string
  visit: number
}

export function useApprovalAnchor({ loaded, shown, waiting, showAllWorkspaces }: ApprovalAnchorInput): ApprovalAnchor {
  const [target, setTarget] = useState<Target | null>(null)
  const [highlightedId, setHighlightedId] = useState<string | null>(null)
  const shownVisit = useRef(0)

  useEffect(() => {
    let visit = 0
    const follow = () => {
      const id = approvalIdFromHash(window.location.hash)
      visit += 1
      setTarget(id === null ? null : { id, visit })
    }
    follow()
    window.addEventListener('hashchange', follow)
    return () => window.removeEventListener('hashchange', follow)
  }, [])

  const place = target && loaded ? placeOfAnchor(target.id, shown, waiting) : null

  useEffect(() => {
    if (!target || target.visit === shownVisit.current) return
    if (place === 'elsewhere') return showAllWorkspaces()
    if (place !== 'listed') return
    const card = document.getElementById(`approval-${target.id}`)
    if (!card) return
    shownVisit.current = target.visit
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    card.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' })
    card.focus({ preventScroll: true })
    setHighlightedId(target.id)
  }, [target, place, showAllWorkspaces])

  useEffect(() => {
    if (highlightedId === null) return
    const timer = setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS)
    return () => clearTimeout(timer)
  }, [highlightedId])

  const asked = useApprovalQuery(place === 'absent' && target ? target.id : null)
  const notice = place !== 'absent' ? null : asked.isError ? 'unknown' : asked.data ? anchorNotice(asked.data, Date.now()) : null
  return { highlightedId, notice }
}

/**
 * Opens the inbox at an approval (a notification's click). On the inbox already, the hash is set in place — a
 * router push of the same page would change it without the `hashchange` the inbox follows.
 */
export function openApprovalInInbox(approvalId: string, push: (href: string) => void): void {
  const hash = `#approval-${approvalId}`
  if (window.location.pathname !== INBOX_PATH) return push(`${INBOX_PATH}${hash}`)
  if (window.location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'))
  else window.location.hash = hash
}
