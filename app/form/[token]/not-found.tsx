export default function PublicFormNotFound() {
  return (
    <div className="mx-auto mt-24 max-w-md px-6 text-center" data-testid="public-form-invalid">
      <h1 className="text-xl font-semibold text-zinc-900">This form is not available</h1>
      <p className="mt-2 text-sm text-zinc-600">The link is invalid, expired or revoked.</p>
    </div>
  )
}
