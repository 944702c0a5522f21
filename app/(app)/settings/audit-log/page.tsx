import type { Metadata } from 'next'
import { AuditLogTable } from '@/components/account/AuditLogTable'
import { requirePageAdmin } from '../../page-user'

export const metadata: Metadata = { title: 'Audit log' }

export default async function AuditLogPage() {
  await requirePageAdmin()
  return <AuditLogTable />
}
