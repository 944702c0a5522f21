'use client'

import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { Button, LocalTime } from '@/components/ui'
import { useAuditLogQuery } from '@/components/queries/accounts'
import type { AuditPageView } from '@/lib/contracts/accounts'
import { auditActor } from './audit-actor'
import { FormError } from './FormError'
import { errorMessage } from '../api-client'

/** The installation's audit log (admins), newest first, a page at a time. */
export function AuditLogTable() {
  return <AuditLogEntries log={useAuditLogQuery()} />
}

/** An audit log (the installation's, or one workspace's), newest first, a page at a time. */
export function AuditLogEntries({ log }: { log: UseInfiniteQueryResult<InfiniteData<AuditPageView>> }) {
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []

  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5">
      <h2 className="text-sm font-semibold text-zinc-900">Audit log</h2>
      <FormError message={log.error ? errorMessage(log.error) : null} />
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
              <td className="py-2 whitespace-nowrap text-zinc-600">
                <LocalTime iso={entry.createdAt} />
              </td>
              <td className="py-2">{auditActor(entry)}</td>
              <td className="py-2 font-mono text-xs">{entry.action}</td>
              <td className="py-2 font-mono text-xs break-all text-zinc-600">{JSON.stringify(entry.details)}</td>
            </tr>
          ))}
          {log.isSuccess && entries.length === 0 ? (
            <tr>
              <td colSpan={4} className="py-3 text-zinc-500">
                Nothing recorded yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {log.hasNextPage ? (
        <Button className="mt-3" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          Older entries
        </Button>
      ) : null}
    </section>
  )
}
