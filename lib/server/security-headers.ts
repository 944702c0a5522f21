/**
 * The security headers of every response: pages, API answers, static files, errors and 404s.
 * raw-request-guard.ts puts the baseline on every response below Next (static files never reach
 * proxy.ts); proxy.ts then gives pages their per-request script nonce and share pages the framing
 * their owner allowed.
 *
 * Scripts: this origin, and on pages only the inline scripts Next marks with the request's nonce
 * (Next reads it from the request's Content-Security-Policy header). Styles allow 'unsafe-inline':
 * React Flow and the canvas position every node with inline styles, which a nonce cannot cover.
 * Framing: refused everywhere ('none' and X-Frame-Options: DENY, against clickjacking an approval),
 * except a share page or a published agent's chat page whose owner listed origins that may embed it.
 */

export interface SecurityHeaderSettings {
  /** `next dev`: React rebuilds server error stacks with eval. */
  development: boolean
  /** The app is served over HTTPS (AGENTLOOM_PUBLIC_URL): browsers are told to keep to it (HSTS). */
  https: boolean
}

export interface SecurityHeaderTarget {
  /** A page's script nonce. */
  nonce?: string
  /** A share page: the origins its owner allows to frame it (empty: none). Share paths also send no Referer, the token being in the path. */
  share?: { frameOrigins: readonly string[] }
}

export function securityHeaderSettingsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): SecurityHeaderSettings {
  return { development: env.NODE_ENV === 'development', https: (env.AGENTLOOM_PUBLIC_URL ?? '').trim().startsWith('https://') }
}

const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

export function contentSecurityPolicy(settings: SecurityHeaderSettings, target: SecurityHeaderTarget = {}): string {
  const frameOrigins = target.share?.frameOrigins ?? []
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(target.nonce ? [`'nonce-${target.nonce}'`] : []), ...(settings.development ? ["'unsafe-eval'"] : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', ...(frameOrigins.length ? frameOrigins : ["'none'"])],
  ]
  if (settings.https) directives.push(['upgrade-insecure-requests'])
  return directives.map((parts) => parts.join(' ')).join('; ')
}

export function securityHeaders(settings: SecurityHeaderSettings, target: SecurityHeaderTarget = {}): Record<string, string> {
  const framable = (target.share?.frameOrigins.length ?? 0) > 0
  return {
    'content-security-policy': contentSecurityPolicy(settings, target),
    ...(framable ? {} : { 'x-frame-options': 'DENY' }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': target.share ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(settings.https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  }
}

const TOKEN_PATH_PREFIXES = ['/share/', '/api/share/', '/chat/', '/api/public/chat/', '/form/', '/api/public/form/']

/** Share pages and the share API carry the token in the path; so do a published agent's chat page, a published workflow's form and their APIs (issue #32). */
export function isSharePath(pathname: string): boolean {
  return TOKEN_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

/**
 * What every response starts with, before Next sees the request. A share page leaves out
 * X-Frame-Options, which proxy.ts cannot take back: it sets it, or the frame-ancestors the owner
 * allowed, once it has looked the link up (until then frame-ancestors 'none' stands).
 */
export function baselineSecurityHeaders(settings: SecurityHeaderSettings, pathname: string): Record<string, string> {
  const headers = securityHeaders(settings, isSharePath(pathname) ? { share: { frameOrigins: [] } } : {})
  if (/^\/(share|chat)\/[^/]+\/?$/.test(pathname)) delete headers['x-frame-options']
  return headers
}

/** A fresh nonce for a page's scripts: 128 random bits. */
export function scriptNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}
