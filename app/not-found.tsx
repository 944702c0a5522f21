import { IntentLink } from '@/components/ui/IntentLink'

export default function NotFound() {
  return (
    <div className="mx-auto mt-24 max-w-md text-center">
      <h1 className="text-2xl font-semibold">Not found</h1>
      <p className="mt-2 text-zinc-600">This page does not exist, or the link is no longer valid.</p>
      <IntentLink href="/workflows" className="mt-6 inline-block text-indigo-600 hover:underline">
        Go to workflows
      </IntentLink>
    </div>
  )
}
