'use client'

import { cn } from '@/components/ui'
import { THEME_CHOICES, type ThemeChoice } from './theme'
import { useTheme } from './use-theme'

const LABEL: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' }

/**
 * Light, dark, or follow the system (the default). The page was already themed before it painted
 * (theme.ts' boot script); this keeps it in step with the choice, other tabs and the system.
 */
export function ThemeSwitch({ className }: { className?: string }) {
  const { choice, choose } = useTheme({ apply: true })
  return (
    <div role="radiogroup" aria-label="Colour theme" className={cn('flex shrink-0 items-center rounded-md border border-zinc-200 p-0.5 text-xs', className)}>
      {THEME_CHOICES.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={choice === option}
          data-testid={`theme-${option}`}
          onClick={() => choose(option)}
          className={cn(
            'rounded px-2 py-0.5 focus-visible:outline-2 focus-visible:outline-indigo-500',
            choice === option ? 'bg-zinc-100 font-medium text-zinc-900' : 'text-zinc-500 hover:text-zinc-800',
          )}
        >
          {LABEL[option]}
        </button>
      ))}
    </div>
  )
}
