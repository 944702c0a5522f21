export default function ShareNotFound() {
  return (
    <div className="mx-auto mt-24 max-w-md px-6 text-center" data-testid="share-invalid">
      <h1 className="text-xl font-semibold text-zinc-900">This link is invalid, expired or revoked</h1>
      <p className="mt-2 text-sm text-zinc-600">Ask the person who shared it for a new link.</p>
    </div>
  )
}
