'use client'

import { Toaster } from 'sonner'
import { useTheme } from './use-theme'

/** Where toasts appear (sonner): outcomes of things done in the background, in the page's theme. */
export function AppToaster() {
  const { theme } = useTheme()
  return <Toaster theme={theme} position="bottom-right" closeButton richColors />
}
