import { publicationTokenParams, publicWorkflowSchema } from '@/lib/contracts/publications'
import { defineRoute, ok } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'

/** The published workflow's name, description and form. No sign-in: the token is the permission (visitor-form.ts). */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/public/form/[token]',
  access: 'public',
  summary: 'The published workflow behind a token: its name, description and the input fields its form asks for',
  tag: 'publishing',
  params: publicationTokenParams,
  // A malformed token is as unknown as a wrong one: 404, so probing learns nothing.
  invalidParams: () => notFound('Published workflow'),
  responses: ok(publicWorkflowSchema),
  errors: [429],
  headers: { 'cache-control': 'no-store' },
  handler: async ({ services, params, request }) => services.visitorForm.workflow(await services.visitorForm.open(params.token, visitorAddress(request))),
})
