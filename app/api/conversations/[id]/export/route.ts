import { conversationIdParams, exportQuery } from '@/lib/contracts/conversations'
import { authenticatedRoute, parseQuery, parseWith } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** A download: the conversation as stored (JSON), or as Markdown to read. */
export const GET = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(conversationIdParams, params, 'path')
  const { format } = parseQuery(request, exportQuery)
  const { conversations } = await getServices()
  const name = `conversation-${id.slice(0, 8)}`
  if (format === 'markdown') {
    return new Response(await conversations.exportMarkdown(principal, id), {
      headers: { 'content-type': 'text/markdown; charset=utf-8', 'content-disposition': `attachment; filename="${name}.md"` },
    })
  }
  return new Response(JSON.stringify(await conversations.export(principal, id), null, 2), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${name}.json"` },
  })
})
