/**
 * Which clicks leave the editor for another page of the app. Next's App Router has no route-change
 * event to veto, so the editor looks at link clicks itself; a reload or a typed address is the
 * browser's to ask about (beforeunload).
 */

/** What decides whether a click on a link is an in-app navigation, taken from the click event. */
export interface LinkClick {
  button: number
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  defaultPrevented: boolean
  /** The link clicked (the nearest `<a href>` around the target), if any. */
  link: { href: string; target: string; download: boolean } | null
}

/**
 * The in-app address a plain click on a link would open (path, query and hash), or null when the
 * click leaves nothing: no link, a modified or middle click (a new tab or window), a link to
 * another tab, a download, another origin, or only a different #hash of this very page.
 */
export function inAppLinkDestination(click: LinkClick, current: URL): string | null {
  const { link } = click
  if (!link || click.defaultPrevented || click.button !== 0) return null
  if (click.altKey || click.ctrlKey || click.metaKey || click.shiftKey) return null
  if (link.download || (link.target !== '' && link.target !== '_self')) return null
  const destination = new URL(link.href, current)
  if (destination.origin !== current.origin) return null
  if (destination.pathname === current.pathname && destination.search === current.search) return null
  return `${destination.pathname}${destination.search}${destination.hash}`
}

/** The facts of a DOM click, for inAppLinkDestination. */
export function linkClickOf(event: MouseEvent): LinkClick {
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
  return {
    button: event.button,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    defaultPrevented: event.defaultPrevented,
    link: anchor instanceof HTMLAnchorElement ? { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') } : null,
  }
}
