/** What a public link's page shows for an unknown, malformed, expired or revoked token: nothing about what it was. */
export function PublicLinkUnavailable({ what, testId }: { what: 'chat' | 'form'; testId: string }) {
  return (
    <div className="mx-auto mt-24 max-w-md px-6 text-center" data-testid={testId}>
      <h1 className="text-xl font-semibold text-zinc-900">This {what} is not available</h1>
      <p className="mt-2 text-sm text-zinc-600">The link is invalid, expired or revoked.</p>
    </div>
  )
}
