import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { ApiTokensPanel } from '@/components/account/ApiTokensPanel'
import { ProfileSettings } from '@/components/account/ProfileSettings'
import { McpEndpointPanel } from '@/components/mcp-endpoint/McpEndpointPanel'
import { pageBaseUrl } from '@/lib/server/auth/public-url'
import { requirePageUser } from '../page-user'

export const metadata: Metadata = { title: 'Settings' }

export default async function SettingsPage() {
  const user = await requirePageUser()
  return (
    <>
      <ProfileSettings name={user.name} email={user.email} role={user.role} />
      <ApiTokensPanel />
      <McpEndpointPanel url={`${pageBaseUrl(await headers())}/mcp`} />
    </>
  )
}
