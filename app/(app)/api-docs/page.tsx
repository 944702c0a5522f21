import { ApiReference } from '@/components/api-docs/ApiReference'
import type { OpenApiView } from '@/components/api-docs/openapi-view-types'
import { openApiDocument } from '@/lib/server/openapi/openapi-document'
import * as openApiRoute from '@/app/api/openapi.json/route'
import { ROUTE_MODULES } from '@/app/api/openapi.json/routes.generated'

export const metadata = { title: 'API reference · Agentloom' }

/** The HTTP API's OpenAPI description, for people; the same document is served at /api/openapi.json. */
export default function ApiDocsPage() {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <ApiReference document={openApiDocument([...ROUTE_MODULES, openApiRoute]) as unknown as OpenApiView} />
    </div>
  )
}
