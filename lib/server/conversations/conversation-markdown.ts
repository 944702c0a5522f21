/**
 * A conversation as Markdown for people to read or paste: one section per message, its text as
 * written, tool calls with their arguments and results as code blocks.
 */
import type { ConversationExport, StoredChatMessage } from '@/lib/contracts/conversations'

const ROLE_TITLES: Record<string, string> = { user: 'User', assistant: 'Assistant', tool: 'Tool', system: 'System' }

/** A fence longer than any run of backticks inside, so stored text cannot close it early. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${language}\n${text}\n${fence}`
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}

export function contentMarkdown(content: Record<string, unknown>): string | undefined {
  switch (content.type) {
    case 'text':
      return String(content.text ?? '')
    case 'function_call':
      return `Tool call \`${String(content.name ?? '')}\`:\n\n${fenced(asText(content.arguments ?? {}), 'json')}`
    case 'function_result':
      return `Tool result:\n\n${fenced(asText(content.result ?? ''))}`
    case 'function_approval_request':
      return `Asked for approval to call \`${String((content.functionCall as { name?: unknown } | undefined)?.name ?? '')}\`.`
    case 'function_approval_response':
      return content.approved ? 'Approved.' : 'Declined.'
    default:
      return undefined
  }
}

function messageMarkdown({ message }: StoredChatMessage): string {
  const title = ROLE_TITLES[message.role] ?? message.role
  const parts = message.contents.flatMap((content) => contentMarkdown(content) ?? [])
  return `### ${title}\n\n${parts.join('\n\n')}`
}

export function conversationMarkdown(exported: ConversationExport): string {
  const { conversation, messages, usage } = exported
  const header = [`# ${conversation.title || 'Conversation'}`, '', `Agent: ${conversation.agentName} · started ${conversation.createdAt}`]
  if (usage.totalTokenCount !== undefined) header.push(`Tokens: ${usage.totalTokenCount}`)
  return [header.join('\n'), ...messages.map(messageMarkdown)].join('\n\n') + '\n'
}
