import type { Metadata } from 'next'
import { UsersPanel } from '@/components/account/UsersPanel'
import { requirePageAdmin } from '../../page-user'

export const metadata: Metadata = { title: 'Users' }

export default async function UsersPage() {
  const admin = await requirePageAdmin()
  return <UsersPanel currentUserId={admin.userId} />
}
