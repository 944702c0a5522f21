/**
 * The signed-in person behind a page request. proxy.ts only looked for a session cookie; this
 * asks Better Auth whether the session is real, once per render (React cache).
 */
import { headers } from 'next/headers'
import { notFound, redirect } from 'next/navigation'
import { cache } from 'react'
import { getAppContext } from '@/lib/server/app-assembly'
import { REQUESTED_PATH_HEADER, signInPathFor } from '@/lib/server/auth/page-access'
import { sessionPrincipal } from '@/lib/server/auth/authenticate'
import { isAdmin, type Principal } from '@/lib/server/auth/principal'

const currentPageUser = cache(async (): Promise<Principal | null> => {
  // The request's headers first: they mark the page as rendered on request before anything opens the database.
  const requestHeaders = await headers()
  return sessionPrincipal(requestHeaders, await getAppContext()).catch(() => null)
})

/** The person, or a redirect to sign-in that comes back to the page asked for. */
export async function requirePageUser(): Promise<Principal> {
  const user = await currentPageUser()
  if (!user) redirect(signInPathFor((await headers()).get(REQUESTED_PATH_HEADER)))
  return user
}

/** Admin pages are "not found" for members, like the admin API. */
export async function requirePageAdmin(): Promise<Principal> {
  const user = await requirePageUser()
  if (!isAdmin(user)) notFound()
  return user
}
