/**
 * The HTTP contracts of conversations with agents. A conversation (a Conversation row) is owned by a
 * person; its messages are lib/core Message JSON in the order they were said (position 0…n-1).
 * Sending a message queues one turn (a run, `kind: 'turn'`) whose events the client follows over
 * `/api/runs/:id/events`. Browser-safe.
 */
import { z } from 'zod'
import { runStatusSchema, tokenUsageSchema } from './runs'
import { PG_INT_MAX, safeText } from './safe-text'

export const MAX_CONVERSATION_TITLE_LENGTH = 200
export const MAX_CHAT_MESSAGE_LENGTH = 100_000
export const MAX_MESSAGE_PAGE = 200

export const conversationIdParams = z.object({ id: z.string().uuid('Not a conversation id.') })

const title = safeText().trim().max(MAX_CONVERSATION_TITLE_LENGTH)

/** A version of the agent the conversation is pinned to; null (or absent at creation) follows the latest. */
const pinnedVersion = z.number().int().positive('Agent versions start at 1.').max(PG_INT_MAX)

export const createConversationBody = z.object({ title: title.default(''), version: pinnedVersion.optional() })
/** `PATCH /api/conversations/:id`: rename it, pin it to a version, or (version null) let it follow the latest. */
export const updateConversationBody = z
  .object({ title: title.min(1, 'A conversation needs a title.').optional(), version: pinnedVersion.nullable().optional() })
  .refine((body) => body.title !== undefined || body.version !== undefined, 'Nothing to update: give a title or a version.')
export const sendMessageBody = z.object({ text: safeText().trim().min(1, 'Type a message.').max(MAX_CHAT_MESSAGE_LENGTH) })

/** Pages go backwards from the newest: `before` is the position of the oldest message already shown. */
export const messagesQuery = z.object({
  before: z.coerce.number().int().min(0).max(PG_INT_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_MESSAGE_PAGE).default(50),
})

/** `POST /api/runs/:id/continue-in-chat`: which agent node's conversation to continue. */
export const continueInChatBody = z.object({ nodeId: safeText().min(1).max(200) })

/** `GET /api/agents/:id/conversations?source=`: only members' conversations, or only those visitors of a publication started. */
export const conversationListQuery = z.object({ source: z.enum(['members', 'published']).optional() })

export const exportQuery = z.object({ format: z.enum(['json', 'markdown']).default('json') })

export const conversationSummarySchema = z.object({
  id: z.string(),
  agentId: z.string(),
  title: z.string(),
  /** Continued from a workflow run's agent node. */
  originRunId: z.string().nullable(),
  originNodeId: z.string().nullable(),
  /** The agent version every turn uses; null: each turn uses the agent's latest version. */
  pinnedVersion: z.number().int().nullable(),
  /** A visitor of this publication of the agent started it (issue #32); null: a member did. */
  publicationId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ConversationSummary = z.infer<typeof conversationSummarySchema>

/** `GET /api/agents/:id/conversations`: a bare array, most recently updated first. */
export const conversationListSchema = z.array(conversationSummarySchema)
export type ConversationList = z.infer<typeof conversationListSchema>

export const conversationTurnSchema = z.object({
  runId: z.string(),
  status: runStatusSchema,
  /** The message that started it. */
  text: z.string(),
  /** The position its messages start at (the conversation's length when it was sent). */
  historyStart: z.number().int(),
  /** The agent version that answered. */
  version: z.number().int().nullable(),
  usage: tokenUsageSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
})
export type ConversationTurn = z.infer<typeof conversationTurnSchema>

export const conversationDetailSchema = conversationSummarySchema.extend({
  agentName: z.string(),
  /** The agent's latest version now (what a conversation that is not pinned uses next). */
  latestVersion: z.number().int().nullable(),
  messageCount: z.number().int(),
  /** Oldest first. */
  turns: z.array(conversationTurnSchema),
  /** Token counts summed over every turn. */
  usage: tokenUsageSchema,
  /** A turn still queued, running or waiting for an approval: the page follows its events. */
  activeRunId: z.string().nullable(),
})
export type ConversationDetail = z.infer<typeof conversationDetailSchema>

/** A stored lib/core Message as JSON (role, contents, …), read loosely: the client draws what it knows. */
export const chatMessageSchema = z.looseObject({ role: z.string(), contents: z.array(z.looseObject({ type: z.string() })) })
export type ChatMessageJSON = z.infer<typeof chatMessageSchema>

export const storedChatMessageSchema = z.object({ position: z.number().int(), message: chatMessageSchema, createdAt: z.string() })
export type StoredChatMessage = z.infer<typeof storedChatMessageSchema>

export const messagePageSchema = z.object({
  /** Oldest first. */
  messages: z.array(storedChatMessageSchema),
  /** Pass as `before` for the next older page; null when this page reaches the first message. */
  nextBefore: z.number().int().nullable(),
})
export type MessagePage = z.infer<typeof messagePageSchema>

export const sentMessageSchema = z.object({ runId: z.string() })
export type SentMessage = z.infer<typeof sentMessageSchema>

/** `GET /api/conversations/:id/export?format=json`. */
export const conversationExportSchema = z.object({
  conversation: conversationSummarySchema.extend({ agentName: z.string() }),
  messages: z.array(storedChatMessageSchema),
  usage: tokenUsageSchema,
})
export type ConversationExport = z.infer<typeof conversationExportSchema>

/** `GET /api/conversations/:id/export?format=markdown`: the same conversation as a Markdown text to read (`text/markdown`). */
export const conversationMarkdownExportSchema = z.string()
