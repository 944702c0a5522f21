'use client'

import type { WebhookWithSecret } from './triggers-api'

/**
 * A webhook's URL and secret, right after it was made or rotated: the secret is shown this once. With a curl example
 * that signs its body as the server checks it (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`).
 */
export function WebhookSecretNotice({ made, onDismiss }: { made: WebhookWithSecret; onDismiss: () => void }) {
  const url = `${window.location.origin}${made.webhook.path}`
  const example = [
    `SECRET='${made.secret}'`,
    `BODY='{"text":"hello"}'`,
    'T=$(date +%s)',
    'SIG=$(printf "%s.%s" "$T" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed "s/^.* //")',
    `curl -X POST '${url}?wait=true' -H "Agentloom-Signature: t=$T,v1=$SIG" --data "$BODY"`,
  ].join('\n')
  return (
    <div role="status" data-testid="webhook-secret" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-medium text-amber-900">Copy the secret now: it is not shown again.</p>
      <p>
        URL: <code data-testid="webhook-url">{url}</code>
      </p>
      <p>
        Secret: <code data-testid="webhook-secret-value">{made.secret}</code>
      </p>
      <pre className="overflow-x-auto rounded bg-white p-2 text-xs">{example}</pre>
      <div>
        <button type="button" className="text-xs text-amber-900 underline" onClick={onDismiss}>
          Done
        </button>
      </div>
    </div>
  )
}
