import { PublicLinkUnavailable } from '@/components/publishing/PublicLinkUnavailable'

export default function PublicFormNotFound() {
  return <PublicLinkUnavailable what="form" testId="public-form-invalid" />
}
