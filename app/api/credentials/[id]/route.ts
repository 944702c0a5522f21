import { credentialDeletedSchema, credentialParamsSchema, credentialViewSchema, updateCredentialRequestSchema } from '@/lib/contracts/provider-credentials'
import { defineRoute, ok } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

/** 409 `stale_version` when the credential was saved again since `baseVersion` (or `If-Match`); 409 `credential_exists` for a taken name. */
export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/credentials/[id]',
  access: 'owned',
  workspace: { resource: 'credential', role: 'editor' },
  summary: 'Change a model credential: rename it, replace its key, or change its base URL',
  tag: 'workspaces',
  params: credentialParamsSchema,
  body: updateCredentialRequestSchema,
  example: () => ({ name: `Fuzzed ${crypto.randomUUID()}`, baseVersion: 1 }),
  responses: ok(credentialViewSchema),
  errors: [403, 409],
  saveBase: 'required',
  etag: (view: { version: number }) => view.version,
  handler: ({ principal, services, params, body: { baseVersion, ...changes }, request }) =>
    services.credentials.update(principal, params.id, changes, saveBase(request, baseVersion)),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/credentials/[id]',
  access: 'owned',
  workspace: { resource: 'credential', role: 'editor' },
  summary: 'Delete a model credential (agents that chose it fail to run until another is chosen)',
  tag: 'workspaces',
  params: credentialParamsSchema,
  responses: ok(credentialDeletedSchema),
  errors: [403],
  handler: ({ principal, services, params }) => services.credentials.remove(principal, params.id),
})
