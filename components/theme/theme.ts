/**
 * Light or dark: the person's stored choice ('light', 'dark', or 'system' to follow the operating
 * system), applied as the `dark` class on <html> that Tailwind's `dark:` variant and the palette in
 * app/globals.css key on. The same rule runs twice: as an inline script before the first paint
 * (THEME_BOOT_SCRIPT, so a dark page never flashes light) and in the switch once React runs.
 */
export type ThemeChoice = 'light' | 'dark' | 'system'
export type Theme = 'light' | 'dark'

export const THEME_STORAGE_KEY = 'agentloom-theme'
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark']

export function readThemeChoice(stored: string | null | undefined): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  return choice === 'system' ? (systemPrefersDark ? 'dark' : 'light') : choice
}

/**
 * Runs in <head> before anything paints; kept to what any browser runs, and safe when storage is
 * unavailable. A constant: it holds no user data.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var c=localStorage.getItem('${THEME_STORAGE_KEY}');var d=c==='dark'||(c!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light'}catch(_){}})()`
