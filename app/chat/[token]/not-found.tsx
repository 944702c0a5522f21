export default function PublicChatNotFound() {
  return (
    <div className="mx-auto mt-24 max-w-md px-6 text-center" data-testid="public-chat-invalid">
      <h1 className="text-xl font-semibold text-zinc-900">This chat is not available</h1>
      <p className="mt-2 text-sm text-zinc-600">The link is invalid, expired or revoked.</p>
    </div>
  )
}
