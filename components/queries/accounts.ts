'use client'

/**
 * Accounts: personal API tokens, users (admins), and the audit log (admins), with the changes
 * made to them. Every change is audited, so each one also marks the audit log stale.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { accountApi } from '@/components/account/account-api'
import type { AuditPageView } from '@/lib/contracts/accounts'

export const accountKeys = {
  all: ['accounts'] as const,
  tokens: () => [...accountKeys.all, 'tokens'] as const,
  users: () => [...accountKeys.all, 'users'] as const,
  auditLog: () => [...accountKeys.all, 'audit-log'] as const,
}

export function useApiTokensQuery() {
  return useQuery({ queryKey: accountKeys.tokens(), queryFn: async () => (await accountApi.listTokens()).tokens })
}

export function useUsersQuery() {
  return useQuery({ queryKey: accountKeys.users(), queryFn: async () => (await accountApi.listUsers()).users })
}

/** The audit log, newest first, a page at a time: each page names the entry the next one starts before. */
export function useAuditLogQuery() {
  return useInfiniteQuery({
    queryKey: accountKeys.auditLog(),
    queryFn: ({ pageParam }) => accountApi.auditLog(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: AuditPageView) => page.nextBefore ?? undefined,
  })
}

/** A mutation whose success changes `list` (and, being audited, the audit log). */
function useAccountMutation<TVariables, TResult>(list: QueryKey | null, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => {
      if (list) void queryClient.invalidateQueries({ queryKey: list })
      void queryClient.invalidateQueries({ queryKey: accountKeys.auditLog() })
    },
  })
}

export const useCreateApiToken = () => useAccountMutation(accountKeys.tokens(), accountApi.createToken)
export const useRevokeApiToken = () => useAccountMutation(accountKeys.tokens(), accountApi.revokeToken)
export const useInviteUser = () => useAccountMutation(accountKeys.users(), ({ email, role }: { email: string; role: string }) => accountApi.invite(email, role))
export const useUpdateUser = () =>
  useAccountMutation(accountKeys.users(), ({ id, change }: { id: string; change: Parameters<typeof accountApi.updateUser>[1] }) =>
    accountApi.updateUser(id, change),
  )
/** A reset link changes no list; it is audited. */
export const useIssuePasswordReset = () => useAccountMutation(null, accountApi.issuePasswordReset)
