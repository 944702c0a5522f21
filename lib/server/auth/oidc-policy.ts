/**
 * Who may sign in through the OpenID Connect provider. Deny by default: the provider vouches for
 * an e-mail address, and that signs in the Agentloom user who already has it (their provider
 * account is linked on first use, and only when the provider says the address is verified).
 * Nobody else gets an account, unless AGENTLOOM_OIDC_SIGNUP=on: then a new member is created,
 * and AGENTLOOM_OIDC_ALLOWED_DOMAINS can limit that to some e-mail domains. Disabled users are
 * refused when their session would be created (Better Auth's admin plugin checks `banned`).
 */
import type { BetterAuthOptions } from 'better-auth'

export interface OidcAccountPolicy {
  /** Whether a person without an account gets one (a member) by signing in at the provider. */
  signUp: boolean
  /** When signing up, the e-mail domains allowed (exact match, lower case); empty: any domain. */
  allowedDomains: readonly string[]
}

type Env = Readonly<Record<string, string | undefined>>
type ValidateUserInfo = NonNullable<NonNullable<BetterAuthOptions['user']>['validateUserInfo']>

const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/

/** AGENTLOOM_OIDC_SIGNUP (on|off, default off) and AGENTLOOM_OIDC_ALLOWED_DOMAINS (a,b,…). */
export function oidcAccountPolicyFromEnv(env: Env = process.env): OidcAccountPolicy {
  const signUpSetting = env.AGENTLOOM_OIDC_SIGNUP?.trim().toLowerCase() || 'off'
  if (signUpSetting !== 'on' && signUpSetting !== 'off') {
    throw new Error(`AGENTLOOM_OIDC_SIGNUP is "on" or "off" (the default), not "${env.AGENTLOOM_OIDC_SIGNUP}".`)
  }
  const allowedDomains = (env.AGENTLOOM_OIDC_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter((domain) => domain !== '')
  const invalid = allowedDomains.filter((domain) => !DOMAIN.test(domain))
  if (invalid.length > 0)
    throw new Error(`AGENTLOOM_OIDC_ALLOWED_DOMAINS lists e-mail domains (example.com,example.org); these are not: ${invalid.join(', ')}.`)
  // Said at start rather than ignored: the list alone would quietly let nobody in.
  if (allowedDomains.length > 0 && signUpSetting !== 'on') {
    throw new Error(
      'AGENTLOOM_OIDC_ALLOWED_DOMAINS limits who may sign up through OpenID Connect, which is off: set AGENTLOOM_OIDC_SIGNUP=on as well, or remove it.',
    )
  }
  return { signUp: signUpSetting === 'on', allowedDomains }
}

/** Why an address may not get a new account through the provider, or null when it may. */
export function oidcSignUpRefusal(policy: OidcAccountPolicy, user: { email?: unknown; emailVerified?: unknown }): OidcSignInError | null {
  if (!policy.signUp) return 'signup_disabled'
  // The provider's word that the address is theirs is what the account is created on.
  if (user.emailVerified !== true || typeof user.email !== 'string') return 'oidc_email_not_verified'
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1).toLowerCase()
  if (policy.allowedDomains.length > 0 && !policy.allowedDomains.includes(domain)) return 'oidc_domain_not_allowed'
  return null
}

/**
 * Better Auth's `user.validateUserInfo` gate for the provider `providerId`: it runs before a user
 * is created from a provider's identity (and before linking and returning sign-ins, which it lets
 * through: those are people who have an account already). Other ways of creating users (admins,
 * the command line) are not the provider's business and pass untouched.
 */
export function oidcUserInfoGate(providerId: string, policy: OidcAccountPolicy): ValidateUserInfo {
  return ({ user, source }) => {
    if (source.method !== 'oauth' || source.oauth?.providerId !== providerId || source.action !== 'create-user') return
    const refusal = oidcSignUpRefusal(policy, user)
    return refusal ? { error: refusal } : undefined
  }
}

/**
 * The codes a refused provider sign-in comes back to the sign-in page with (`?error=`): Better
 * Auth's own, the admin plugin's, and the gate's above.
 */
export type OidcSignInError = 'signup_disabled' | 'account_not_linked' | 'BANNED_USER' | 'oidc_email_not_verified' | 'oidc_domain_not_allowed'

/**
 * What the sign-in page says for an `?error=` code. Only fixed sentences: the code and any
 * description in the address are whatever the link says, so they are never shown as given.
 */
export function oidcSignInErrorMessage(code: string, providerName: string): string {
  switch (code) {
    case 'signup_disabled':
      return `There is no Agentloom account for the e-mail address ${providerName} gave. Ask an admin to invite you.`
    case 'account_not_linked':
    case 'oidc_email_not_verified':
      return `${providerName} has not verified your e-mail address, so it cannot sign you in here. Verify it there, or sign in with your password.`
    case 'oidc_domain_not_allowed':
      return `Accounts are not created for addresses of this e-mail domain. Ask an admin to invite you.`
    case 'BANNED_USER':
      return 'This account is disabled. Ask an admin to enable it.'
    default:
      return `Signing in with ${providerName} did not work. Try again, or ask an admin.`
  }
}
