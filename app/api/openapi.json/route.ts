import { json, publicRoute } from '@/lib/server/http'
import { openApiDocument } from '@/lib/server/openapi/openapi-document'

// Public: the description lists routes and shapes, no data, and code generators fetch it without a token.
export const GET = publicRoute(async () => json(openApiDocument()))
