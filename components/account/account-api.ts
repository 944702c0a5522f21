/**
 * The accounts API as the browser sees it. Errors come back as the API's sentence, so forms can
 * show it as it is.
 */
import type { ApiTokenView, AuditPageView, OneTimeLinkView, UserView } from '@/lib/contracts/accounts'
import { fetchJson } from '../api-client'

/** The API's JSON answer; errors (ours, and Better Auth's own) become ApiError with the server's sentence. */
function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  return fetchJson<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' })
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
  acceptInvitation: (token: string, body: { name: string; password: string }) =>
    request<{ user: UserView }>('POST', `/api/invitations/${encodeURIComponent(token)}`, body),
  resetPassword: (token: string, password: string) => request<unknown>('POST', `/api/password-resets/${encodeURIComponent(token)}`, { password }),
  changePassword: (currentPassword: string, newPassword: string) => request<unknown>('POST', '/api/me/password', { currentPassword, newPassword }),
  listTokens: () => request<{ tokens: ApiTokenView[] }>('GET', '/api/me/tokens'),
  createToken: (name: string) => request<{ token: string; apiToken: ApiTokenView }>('POST', '/api/me/tokens', { name }),
  revokeToken: (id: string) => request<unknown>('DELETE', `/api/me/tokens/${encodeURIComponent(id)}`),
  listUsers: () => request<{ users: UserView[] }>('GET', '/api/admin/users'),
  invite: (email: string, role: string) => request<OneTimeLinkView>('POST', '/api/admin/invitations', { email, role }),
  updateUser: (id: string, change: { role?: string; disabled?: boolean }) =>
    request<{ user: UserView }>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, change),
  issuePasswordReset: (id: string) => request<OneTimeLinkView>('POST', `/api/admin/users/${encodeURIComponent(id)}/password-reset`),
  auditLog: (before?: string) => request<AuditPageView>('GET', `/api/admin/audit-log${before ? `?before=${encodeURIComponent(before)}` : ''}`),
}
