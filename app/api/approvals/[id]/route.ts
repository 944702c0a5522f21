import { answerApprovalBody, approvalIdParams } from '@/lib/contracts/approvals'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(approvalIdParams, params, 'path')
  const { approvals } = await getServices()
  return json({ approval: await approvals.get(principal, id) })
})

export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(approvalIdParams, params, 'path')
  const body = await parseBody(request, answerApprovalBody)
  const { approvals } = await getServices()
  return json({ approval: await approvals.answer(principal, id, body) })
})
