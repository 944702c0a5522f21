import { createCredentialRequestSchema, credentialListSchema, credentialViewSchema } from '@/lib/contracts/provider-credentials'
import { workspaceParamsSchema } from '@/lib/contracts/workspaces'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspaces/[id]/credentials',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'viewer' },
  summary: 'List the workspace’s model credentials (names and providers; owners and editors also see base URLs and each key’s last 4 characters)',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  responses: ok(credentialListSchema),
  handler: async ({ principal, services, params }) => ({ credentials: await services.credentials.list(principal, params.id) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workspaces/[id]/credentials',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'editor' },
  summary: 'Add a model credential (a provider’s API key, sealed; never answered) to the workspace',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  body: createCredentialRequestSchema,
  example: () => ({ name: `Fuzzed ${crypto.randomUUID()}`, provider: 'openai_chat' as const, apiKey: 'sk-fuzzed-key-0000' }),
  responses: created(credentialViewSchema),
  errors: [403, 409],
  handler: ({ principal, services, params, body }) => services.credentials.create(principal, params.id, body),
})
