'use client'

/**
 * The theme as React sees it: the stored choice and the system's preference as external stores
 * (other tabs and the system can change them), the resolved theme, and `choose` for the switch.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { THEME_STORAGE_KEY, readThemeChoice, resolveTheme, type Theme, type ThemeChoice } from './theme'

const DARK_QUERY = '(prefers-color-scheme: dark)'
/** Told in this tab when the switch changes the choice (`storage` events reach other tabs only). */
const CHANGED = 'agentloom-theme-changed'

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY)
  media.addEventListener('change', onChange)
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGED, onChange)
  return () => {
    media.removeEventListener('change', onChange)
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGED, onChange)
  }
}

function storedChoice(): ThemeChoice {
  try {
    return readThemeChoice(localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
}

export interface ThemeController {
  choice: ThemeChoice
  theme: Theme
  choose: (choice: ThemeChoice) => void
}

/** Keeps <html> in step with the choice and the system; mount it once per page (the switch does). */
export function useTheme({ apply = false }: { apply?: boolean } = {}): ThemeController {
  const choice = useSyncExternalStore(subscribe, storedChoice, () => 'system' as ThemeChoice)
  const prefersDark = useSyncExternalStore(subscribe, systemPrefersDark, () => false)
  const theme = resolveTheme(choice, prefersDark)

  useEffect(() => {
    if (apply) applyTheme(theme)
  }, [apply, theme])

  const choose = useCallback((next: ThemeChoice) => {
    try {
      if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY)
      else localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
    applyTheme(resolveTheme(next, systemPrefersDark()))
    window.dispatchEvent(new Event(CHANGED))
  }, [])

  return { choice, theme, choose }
}
