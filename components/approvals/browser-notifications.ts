'use client'

/**
 * Approvals told by the browser's own notifications (the Notification API), for a person whose tab is in the
 * background when a run starts waiting on them: the toast and the badge are enough while they look at the page.
 * Opt-in per browser: the person turns it on from the approvals inbox (which asks the browser's permission), and it
 * is remembered in this browser only.
 */
import type { ApprovalView } from '@/lib/contracts/approvals'

const PREFERENCE_KEY = 'agentloom.approval-notifications'
/** One notification for the inbox at a time: a newer one replaces it rather than piling up. */
const NOTIFICATION_TAG = 'agentloom-approvals'

/** Where this browser stands: no Notification API, refused by the person, asked for nothing yet, or on/off by choice. */
export type BrowserNotificationState = 'unsupported' | 'denied' | 'off' | 'on'

function api(): typeof Notification | undefined {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined
}

export function browserNotificationState(): BrowserNotificationState {
  const notification = api()
  if (!notification) return 'unsupported'
  if (notification.permission === 'denied') return 'denied'
  return notification.permission === 'granted' && window.localStorage.getItem(PREFERENCE_KEY) === 'on' ? 'on' : 'off'
}

/** Asks the browser's permission when needed, and remembers the choice; the state it ends in. */
export async function turnBrowserNotificationsOn(): Promise<BrowserNotificationState> {
  const notification = api()
  if (!notification) return 'unsupported'
  const permission = notification.permission === 'default' ? await notification.requestPermission() : notification.permission
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
  window.localStorage.setItem(PREFERENCE_KEY, 'on')
  return 'on'
}

export function turnBrowserNotificationsOff(): BrowserNotificationState {
  window.localStorage.removeItem(PREFERENCE_KEY)
  return browserNotificationState()
}

/** What the notification says: the newest request's title, and how many more wait. */
export function approvalNotificationText(newest: Pick<ApprovalView, 'title'> | undefined, pending: number): { title: string; body: string } {
  const others = newest ? pending - 1 : pending
  const more = others <= 0 ? '' : others === 1 ? ' (and 1 more)' : ` (and ${others} more)`
  return { title: 'A run is waiting for your answer', body: newest ? `${newest.title}${more}` : `${pending} approvals wait in your inbox.` }
}

/** What the notification says to an owner when an approval of their workspace was escalated to the owners. */
export function escalationNotificationText(escalated: Pick<ApprovalView, 'title'>): { title: string; body: string } {
  return { title: 'Escalated to you as an owner', body: `Still waiting for an answer: ${escalated.title}` }
}

/**
 * Shows the notification when the person turned them on and the page is not in front of them; true when it did
 * (the caller's toast is then not needed). A click brings the tab forward and `open`s the inbox. `text`: what it
 * says, when it is not a new approval's (an escalation's).
 */
export function notifyInBrowser(
  newest: Pick<ApprovalView, 'title'> | undefined,
  pending: number,
  open: () => void,
  text: { title: string; body: string } = approvalNotificationText(newest, pending),
): boolean {
  if (document.visibilityState !== 'hidden' || browserNotificationState() !== 'on') return false
  const { title, body } = text
  let shown: Notification
  try {
    shown = new Notification(title, { body, tag: NOTIFICATION_TAG })
  } catch {
    // Mobile Chrome has no Notification constructor (only a service worker's): the toast tells it instead.
    return false
  }
  shown.onclick = () => {
    window.focus()
    open()
    shown.close()
  }
  return true
}
