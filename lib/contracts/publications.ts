/**
 * The HTTP contracts of publishing a saved agent to people without an account (issue #32): an agent's
 * publications (`/api/agents/:id/publications`, `/api/publications/:id`), and the public chat behind a
 * publication's token (`/api/public/chat/:token/...`), which a visitor reaches on `/chat/<token>` or
 * through the embeddable widget.
 */
import { z } from 'zod'
import { frameOriginSchema } from './share-links'

/** 32 random bytes, base64url (as share tokens). */
export const publicationTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a publication token.') })
export const publicationIdParams = z.object({ id: z.string().uuid('Not a publication id.') })

const rateLimitPerMinute = z.number().int().min(1).max(600)
const dailyTokenBudget = z.number().int().min(1).max(100_000_000)
const allowedOrigins = z.array(frameOriginSchema).max(20)

export const createPublicationBody = z.object({
  /** Hours until the link stops working (none: until revoked). */
  expiresInHours: z
    .number()
    .positive()
    .max(24 * 365)
    .optional(),
  /** Requests a minute one visitor address may make (more answer 429). */
  rateLimitPerMinute: rateLimitPerMinute.default(20),
  /** Tokens the publication's conversations may use per day (UTC); past it, sending answers 429 `daily_budget_spent`. */
  dailyTokenBudget: dailyTokenBudget.default(100_000),
  /** Origins whose pages may embed the chat (the widget); none: it cannot be framed. */
  allowedOrigins: allowedOrigins.default([]),
})
export type CreatePublicationRequest = z.input<typeof createPublicationBody>

export const updatePublicationBody = z
  .object({
    rateLimitPerMinute: rateLimitPerMinute.optional(),
    dailyTokenBudget: dailyTokenBudget.optional(),
    allowedOrigins: allowedOrigins.optional(),
    /** Hours from now until it stops working; null: never. */
    expiresInHours: z
      .number()
      .positive()
      .max(24 * 365)
      .nullable()
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one setting.')
export type UpdatePublicationRequest = z.input<typeof updatePublicationBody>

export const publicationViewSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  rateLimitPerMinute: z.number(),
  dailyTokenBudget: z.number(),
  allowedOrigins: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Tokens its conversations used today (UTC). */
  tokensToday: z.number(),
  /** Conversations visitors started today (UTC). */
  conversationsToday: z.number(),
})
export type PublicationView = z.infer<typeof publicationViewSchema>

/** `POST /api/agents/:id/publications` (201): the publication, with its token, shown this once (only its hash is stored). */
export const createdPublicationSchema = z.object({
  publication: publicationViewSchema,
  token: z.string(),
  /** The chat page's path, `/chat/<token>`. */
  url: z.string(),
})
export type CreatedPublication = z.infer<typeof createdPublicationSchema>

export const publicationListSchema = z.object({ publications: z.array(publicationViewSchema) })
export const publicationResponseSchema = z.object({ publication: publicationViewSchema })

// The public chat (no sign-in)

/** A visitor's random id, kept by their browser (never an account): their conversations are theirs by it. */
export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Not a visitor id.')

/** What a visitor sees of the published agent. */
export const publicAgentSchema = z.object({ name: z.string(), description: z.string() })
export type PublicAgent = z.infer<typeof publicAgentSchema>

export const startVisitorConversationBody = z.object({ visitorId: visitorIdSchema })
export const visitorConversationParams = publicationTokenParams.extend({ id: z.string().uuid('Not a conversation id.') })
export const visitorQuery = z.object({ visitor: visitorIdSchema })
export const visitorEventsQuery = visitorQuery.extend({ after: z.coerce.number().int().min(0).max(2_147_483_647).optional() })
export const visitorTurnParams = visitorConversationParams.extend({ runId: z.string().uuid('Not a turn id.') })

/** The visitor's message: untrusted text, the user message and nothing more. */
export const visitorMessageBody = z.object({ visitorId: visitorIdSchema, text: z.string().trim().min(1, 'Write a message.').max(4000) })

export const visitorConversationSchema = z.object({ id: z.string() })

export const visitorMessageSchema = z.object({ role: z.enum(['user', 'assistant']), text: z.string() })
export type VisitorMessage = z.infer<typeof visitorMessageSchema>

/** A visitor's conversation as they see it: the words said, and the turn still being written. */
export const visitorConversationDetailSchema = z.object({
  id: z.string(),
  messages: z.array(visitorMessageSchema),
  activeRunId: z.string().nullable(),
})
export type VisitorConversationDetail = z.infer<typeof visitorConversationDetailSchema>

export const visitorSentSchema = z.object({ runId: z.string() })

/**
 * What the visitor's reply stream carries (one per SSE `data:` line): the reply's text as it is written, that it waits
 * for someone of the workspace to approve something, and its end. Nothing else of the run reaches a visitor.
 */
export const visitorTurnEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('waiting') }),
  z.object({ type: z.literal('resumed') }),
  z.object({ type: z.literal('end'), status: z.enum(['succeeded', 'failed', 'cancelled']), message: z.string().optional() }),
])
export type VisitorTurnEvent = z.infer<typeof visitorTurnEventSchema>
