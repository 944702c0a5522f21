import type { Metadata } from 'next'
import { ApiTokensPanel } from '@/components/account/ApiTokensPanel'
import { ProfileSettings } from '@/components/account/ProfileSettings'
import { requirePageUser } from '../page-user'

export const metadata: Metadata = { title: 'Settings' }

export default async function SettingsPage() {
  const user = await requirePageUser()
  return (
    <>
      <ProfileSettings name={user.name} email={user.email} role={user.role} />
      <ApiTokensPanel />
    </>
  )
}
