import { conversationExportSchema, conversationIdParams, conversationMarkdownExportSchema, exportQuery } from '@/lib/contracts/conversations'
import { defineRoute } from '@/lib/server/define-route'

/** A download: the conversation as stored (JSON), or as Markdown to read. */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/conversations/[id]/export',
  access: 'owned',
  workspace: { resource: 'conversation', role: 'viewer' },
  summary: 'Download a conversation: as stored (`format=json`, the default) or as Markdown to read (`format=markdown`)',
  tag: 'conversations',
  params: conversationIdParams,
  query: exportQuery,
  responses: {
    200: {
      description: 'An attachment (`conversation-<id>.json` or `.md`) in the content type `format` chose.',
      schema: conversationExportSchema,
      otherContent: { 'text/markdown': conversationMarkdownExportSchema },
    },
  },
  handler: async ({ principal, services: { conversations }, params: { id }, query: { format } }) => {
    const name = `conversation-${id.slice(0, 8)}`
    if (format === 'markdown') {
      return new Response(await conversations.exportMarkdown(principal, id), {
        headers: { 'content-type': 'text/markdown; charset=utf-8', 'content-disposition': `attachment; filename="${name}.md"` },
      })
    }
    return new Response(JSON.stringify(await conversations.export(principal, id), null, 2), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${name}.json"` },
    })
  },
})
