/**
 * Whether a route's real answer is one the OpenAPI document describes: a status it lists, and a JSON body its schema
 * for that status accepts (the error shape for errors). The document is derived from the same declarations, so this
 * checks the declarations against what the handlers really do: a route that starts answering a new status, or a
 * body its contract no longer describes, fails the tests that call it (app/api/roles.int.test.ts).
 */
import { z } from 'zod'
import { apiErrorSchema } from '@/lib/contracts/api-error'
import { openAiErrorSchema } from '@/lib/contracts/responses'
import type { AnyRouteDeclaration } from '../define-route'
import { errorStatuses, operationOf } from '../openapi/openapi-document'

export interface RealAnswer {
  status: number
  contentType: string
  /** The parsed JSON body, when the answer had one. */
  body: unknown
}

/** What the document does not describe about the answer, or undefined when it describes it (or the route is undocumented). */
export function undocumentedPartOf(declaration: AnyRouteDeclaration, answer: RealAnswer): string | undefined {
  const operation = operationOf(declaration)
  if (!operation) return undefined
  const documented = [...Object.keys(declaration.responses).map(Number), ...errorStatuses(operation)]
  if (!documented.includes(answer.status)) return `answers ${answer.status}, which the document does not list (it lists ${documented.join(', ')})`
  if (answer.body === undefined || !answer.contentType.startsWith('application/json')) return undefined
  const schema = schemaOf(declaration, answer.status)
  if (!schema) return undefined
  const parsed = schema.safeParse(answer.body)
  return parsed.success ? undefined : `answers ${answer.status} with a body its schema does not accept:\n${z.prettifyError(parsed.error)}`
}

function schemaOf(declaration: AnyRouteDeclaration, status: number): z.ZodType | undefined {
  if (status >= 400) return declaration.errorShape === 'openai' ? openAiErrorSchema : apiErrorSchema
  const spec = declaration.responses[status]
  if (!spec || (spec.contentType ?? 'application/json') !== 'application/json') return undefined
  return spec.schema
}
