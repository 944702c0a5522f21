import { PublicLinkUnavailable } from '@/components/publishing/PublicLinkUnavailable'

export default function PublicChatNotFound() {
  return <PublicLinkUnavailable what="chat" testId="public-chat-invalid" />
}
