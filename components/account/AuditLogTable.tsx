'use client'

import { useCallback, useEffect, useState } from 'react'
import { Button } from '@/components/ui'
import { FormError } from './AccountCard'
import { accountApi } from './account-api'
import { errorMessage } from '../api-client'
import type { AuditEntryView } from '@/lib/contracts/accounts'

/** Newest first, a page at a time. */
export function AuditLogTable() {
  const [entries, setEntries] = useState<AuditEntryView[]>([])
  const [nextBefore, setNextBefore] = useState<string | null>(null)
  const [loaded, setLoaded] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback((before?: string) => {
    accountApi.auditLog(before).then(
      (page) => {
        setEntries((current) => (before ? [...current, ...page.entries] : page.entries))
        setNextBefore(page.nextBefore)
        setLoaded(true)
      },
      (failure) => setError(errorMessage(failure)),
    )
  }, [])
  useEffect(() => load(), [load])

  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5">
      <h2 className="text-sm font-semibold text-zinc-900">Audit log</h2>
      <FormError message={error} />
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-xs text-zinc-500">
          <tr>
            <th className="py-1.5 font-medium">When</th>
            <th className="py-1.5 font-medium">Who</th>
            <th className="py-1.5 font-medium">What</th>
            <th className="py-1.5 font-medium">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-zinc-100 align-top" data-testid="audit-row">
              <td className="py-2 whitespace-nowrap text-zinc-600">{new Date(entry.createdAt).toLocaleString()}</td>
              <td className="py-2">{entry.actor?.email ?? (entry.actorId ? 'a removed user' : 'the system')}</td>
              <td className="py-2 font-mono text-xs">{entry.action}</td>
              <td className="py-2 font-mono text-xs break-all text-zinc-600">{JSON.stringify(entry.details)}</td>
            </tr>
          ))}
          {loaded && entries.length === 0 ? (
            <tr>
              <td colSpan={4} className="py-3 text-zinc-500">
                Nothing recorded yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {nextBefore ? (
        <Button className="mt-3" onClick={() => load(nextBefore)}>
          Older entries
        </Button>
      ) : null}
    </section>
  )
}
