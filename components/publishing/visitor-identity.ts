/**
 * Who a visitor of a published agent is, to this browser only: a random id kept in localStorage (never an account,
 * nothing sent to anyone but this app), the conversation they had with each published agent and the last run they
 * started from each published form, so a reload goes on with it. Without storage (a blocked third-party frame), the id lives as long as the page.
 */
import { useSyncExternalStore } from 'react'

const VISITOR_KEY = 'agentloom.visitor'
const conversationKey = (token: string) => `agentloom.chat.${token}`
const runKey = (token: string) => `agentloom.form.${token}`

function randomId(): string {
  const bytes = new Uint8Array(24)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

let pageVisitor: string | undefined

export function visitorId(): string {
  const store = storage()
  const kept = store?.getItem(VISITOR_KEY)
  if (kept && /^[A-Za-z0-9_-]{22,64}$/.test(kept)) return kept
  pageVisitor ??= randomId()
  store?.setItem(VISITOR_KEY, pageVisitor)
  return pageVisitor
}

const noSubscription = () => () => {}

/** The visitor's id once the page is hydrated (null on the server and while hydrating: the server has no storage). */
export function useVisitorId(): string | null {
  return useSyncExternalStore(noSubscription, visitorId, () => null)
}

/** What this browser keeps under `read`, once hydrated (null on the server and while hydrating). */
export function useKept(read: () => string | null): string | null {
  return useSyncExternalStore(noSubscription, read, () => null)
}

export function keptConversation(token: string): string | null {
  return storage()?.getItem(conversationKey(token)) ?? null
}

export function keepConversation(token: string, id: string | null): void {
  if (id === null) storage()?.removeItem(conversationKey(token))
  else storage()?.setItem(conversationKey(token), id)
}

export function keptRun(token: string): string | null {
  return storage()?.getItem(runKey(token)) ?? null
}

export function keepRun(token: string, id: string | null): void {
  if (id === null) storage()?.removeItem(runKey(token))
  else storage()?.setItem(runKey(token), id)
}
