import type { ReactNode } from 'react'

// Published agents' chats are for people without an account: no app navigation, nothing but the chat.
export default function PublicChatLayout({ children }: { children: ReactNode }) {
  return <main className="flex min-h-0 flex-1 flex-col">{children}</main>
}
