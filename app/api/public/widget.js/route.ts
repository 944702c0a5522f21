import { defineRoute } from '@/lib/server/define-route'
import { WIDGET_SCRIPT } from '@/lib/server/publications/widget-script'

/** The embeddable chat widget's script (widget-script.ts): the same for every publication, which its tag names. */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/public/widget.js',
  access: 'public',
  summary: 'The chat widget: `<script src=".../api/public/widget.js" data-publication="TOKEN"></script>` adds a chat bubble opening /chat/{token}',
  tag: 'publishing',
  responses: { 200: { description: 'The script', contentType: 'text/javascript' } },
  services: false,
  headers: { 'cache-control': 'public, max-age=300' },
  handler: async () => new Response(WIDGET_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } }),
})
