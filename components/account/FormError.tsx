/** Why a form's last submission failed; nothing while it has not. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" data-testid="form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  )
}
