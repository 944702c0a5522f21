import type { Metadata } from 'next'
import { SkillsLibrary } from '@/components/skills/SkillsLibrary'

export const metadata: Metadata = { title: 'Skills' }

export default function SkillsPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-6">
      <SkillsLibrary />
    </div>
  )
}
