/**
 * The accounts API as the browser sees it. Errors come back as the API's sentence, so forms can
 * show it as it is.
 */
import type { ApiTokenView, OneTimeLinkView, UserView } from '@/lib/contracts/accounts'

export class AccountApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  })
  const text = await response.text()
  const parsed = text ? (JSON.parse(text) as unknown) : undefined
  if (!response.ok) {
    const message = (parsed as { error?: { message?: string }; message?: string } | undefined)?.error?.message ?? (parsed as { message?: string } | undefined)?.message
    throw new AccountApiError(response.status, message ?? `The server answered ${response.status}.`)
  }
  return parsed as T
}

export const accountApi = {
  signIn: (email: string, password: string) => request<unknown>('POST', '/api/auth/sign-in/email', { email, password }),
  /**
   * Starts the OpenID Connect sign-in; the answer names the provider's page to go to. A refused
   * sign-in comes back to `errorCallbackURL` with `?error=<code>`.
   */
  signInWithOidc: (callbackURL: string, errorCallbackURL: string) =>
    request<{ url: string }>('POST', '/api/auth/sign-in/social', { provider: 'oidc', callbackURL, errorCallbackURL, disableRedirect: true }),
  signOut: () => request<unknown>('POST', '/api/auth/sign-out', {}),
  setup: (body: { token: string; name: string; email: string; password: string }) => request<{ user: UserView }>('POST', '/api/setup', body),
  invitation: (token: string) => request<{ email: string; role: string }>('GET', `/api/invitations/${encodeURIComponent(token)}`),
  acceptInvitation: (token: string, body: { name: string; password: string }) => request<{ user: UserView }>('POST', `/api/invitations/${encodeURIComponent(token)}`, body),
  resetPassword: (token: string, password: string) => request<unknown>('POST', `/api/password-resets/${encodeURIComponent(token)}`, { password }),
  changePassword: (currentPassword: string, newPassword: string) => request<unknown>('POST', '/api/me/password', { currentPassword, newPassword }),
  listTokens: () => request<{ tokens: ApiTokenView[] }>('GET', '/api/me/tokens'),
  createToken: (name: string) => request<{ token: string; apiToken: ApiTokenView }>('POST', '/api/me/tokens', { name }),
  revokeToken: (id: string) => request<unknown>('DELETE', `/api/me/tokens/${encodeURIComponent(id)}`),
  listUsers: () => request<{ users: UserView[] }>('GET', '/api/admin/users'),
  invite: (email: string, role: string) => request<OneTimeLinkView>('POST', '/api/admin/invitations', { email, role }),
  updateUser: (id: string, change: { role?: string; disabled?: boolean }) => request<{ user: UserView }>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, change),
  issuePasswordReset: (id: string) => request<OneTimeLinkView>('POST', `/api/admin/users/${encodeURIComponent(id)}/password-reset`),
  auditLog: (before?: string) => request<{ entries: AuditEntryView[]; nextBefore: string | null }>('GET', `/api/admin/audit-log${before ? `?before=${encodeURIComponent(before)}` : ''}`),
}

export interface AuditEntryView {
  id: string
  actorId: string | null
  actor: { email: string; name: string } | null
  action: string
  resourceType: string
  resourceId: string
  details: unknown
  createdAt: string
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.'
}
