/**
 * The HTTP contracts of publishing a saved agent or a workflow to people without an account (issue #32): their
 * publications (`/api/agents/:id/publications`, `/api/workflows/:id/publications`, `/api/publications/:id`), the
 * public chat behind an agent publication's token (`/api/public/chat/:token/...`), which a visitor reaches on
 * `/chat/<token>` or through the embeddable widget, and the public form behind a workflow publication's token
 * (`/api/public/form/:token/...`, the page `/form/<token>`).
 */
import { z } from 'zod'
import { InputFieldSchema } from '@/lib/graph/start-input'
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

/** A workflow's form is never embedded (its page cannot be framed): no origins to allow. */
export const createWorkflowPublicationBody = createPublicationBody.omit({ allowedOrigins: true })

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
  /** What it publishes: exactly one of the two is set. */
  agentId: z.string().nullable(),
  workflowId: z.string().nullable(),
  rateLimitPerMinute: z.number(),
  dailyTokenBudget: z.number(),
  allowedOrigins: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Tokens its conversations used today (UTC). */
  tokensToday: z.number(),
  /** Conversations visitors started today (UTC): an agent's. */
  conversationsToday: z.number(),
  /** Forms visitors submitted today (UTC): a workflow's runs. */
  runsToday: z.number(),
})
export type PublicationView = z.infer<typeof publicationViewSchema>

/** `POST /api/agents/:id/publications` and `/api/workflows/:id/publications` (201): the publication, with its token, shown this once (only its hash is stored). */
export const createdPublicationSchema = z.object({
  publication: publicationViewSchema,
  token: z.string(),
  /** The public page's path: an agent's chat, `/chat/<token>`; a workflow's form, `/form/<token>`. */
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

// The public form of a published workflow (no sign-in)

/** What a visitor sees of the published workflow: its name and description, and the form its start node declares. */
export const publicWorkflowSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The start node's words about its input. */
  inputDescription: z.string(),
  /** The declared input fields (none: the workflow takes text). */
  inputFields: z.array(InputFieldSchema),
})
export type PublicWorkflow = z.infer<typeof publicWorkflowSchema>

/**
 * A visitor's submission: untrusted input, the run's input and nothing more: an object of the declared fields (checked
 * against them, 400 `invalid_run_input` with each field's problem) or, when none are declared, text.
 */
export const visitorSubmissionBody = z.object({
  visitorId: visitorIdSchema,
  input: z.union([z.string().trim().min(1, 'Write something.').max(20_000), z.record(z.string().max(64), z.unknown())]),
})

export const visitorRunParams = publicationTokenParams.extend({ runId: z.string().uuid('Not a run id.') })
export const visitorRunStartedSchema = z.object({ runId: z.string() })

/** A visitor's run as they see it: how far it got, and the workflow's output once it succeeded (a failure says only that it failed). */
export const visitorRunSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled']),
  outputs: z.array(z.unknown()).nullable(),
  message: z.string().nullable(),
})
export type VisitorRun = z.infer<typeof visitorRunSchema>
