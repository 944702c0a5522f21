import { describe, expect, it } from 'vitest'
import { oidcAccountPolicyFromEnv, oidcSignInErrorMessage, oidcSignUpRefusal, oidcUserInfoGate, type OidcAccountPolicy } from './oidc-policy'

describe('OIDC account policy from the environment', () => {
  it('is deny by default: no sign-up, no domain list', () => {
    expect(oidcAccountPolicyFromEnv({})).toEqual({ signUp: false, allowedDomains: [] })
    expect(oidcAccountPolicyFromEnv({ AGENTLOOM_OIDC_SIGNUP: 'off' })).toEqual({ signUp: false, allowedDomains: [] })
  })

  it('turns sign-up on, for the listed domains in lower case', () => {
    expect(oidcAccountPolicyFromEnv({ AGENTLOOM_OIDC_SIGNUP: 'on' })).toEqual({ signUp: true, allowedDomains: [] })
    expect(oidcAccountPolicyFromEnv({ AGENTLOOM_OIDC_SIGNUP: ' ON ', AGENTLOOM_OIDC_ALLOWED_DOMAINS: 'Example.com, @corp.example.org,,' })).toEqual({
      signUp: true,
      allowedDomains: ['example.com', 'corp.example.org'],
    })
  })

  it('says what is wrong with a setting rather than guessing', () => {
    expect(() => oidcAccountPolicyFromEnv({ AGENTLOOM_OIDC_SIGNUP: 'yes' })).toThrow(/"on" or "off"/)
    expect(() => oidcAccountPolicyFromEnv({ AGENTLOOM_OIDC_SIGNUP: 'on', AGENTLOOM_OIDC_ALLOWED_DOMAINS: 'example.com, not a domain, *.corp' })).toThrow(
      /not a domain, \*\.corp/,
    )
    expect(() => oidcAccountPolicyFromEnv({ AGENTLOOM_OIDC_ALLOWED_DOMAINS: 'example.com' })).toThrow(/AGENTLOOM_OIDC_SIGNUP=on/)
  })
})

describe('who may sign up through the provider', () => {
  const open: OidcAccountPolicy = { signUp: true, allowedDomains: [] }
  const corp: OidcAccountPolicy = { signUp: true, allowedDomains: ['example.com'] }

  it('nobody while sign-up is off', () => {
    expect(oidcSignUpRefusal({ signUp: false, allowedDomains: [] }, { email: 'a@example.com', emailVerified: true })).toBe('signup_disabled')
  })

  it('only addresses the provider verified', () => {
    expect(oidcSignUpRefusal(open, { email: 'a@anywhere.test', emailVerified: true })).toBeNull()
    expect(oidcSignUpRefusal(open, { email: 'a@anywhere.test', emailVerified: false })).toBe('oidc_email_not_verified')
    expect(oidcSignUpRefusal(open, { email: 'a@anywhere.test' })).toBe('oidc_email_not_verified')
  })

  it('only the listed domains, exactly', () => {
    expect(oidcSignUpRefusal(corp, { email: 'a@EXAMPLE.com', emailVerified: true })).toBeNull()
    expect(oidcSignUpRefusal(corp, { email: 'a@sub.example.com', emailVerified: true })).toBe('oidc_domain_not_allowed')
    expect(oidcSignUpRefusal(corp, { email: 'a@example.com@evil.test', emailVerified: true })).toBe('oidc_domain_not_allowed')
  })
})

describe('the gate Better Auth runs before it creates a user', () => {
  const gate = oidcUserInfoGate('oidc', { signUp: false, allowedDomains: [] })
  const context = {} as Parameters<typeof gate>[1]
  const user = { email: 'a@example.com', emailVerified: true }

  it('refuses users created from the provider', async () => {
    expect(await gate({ user, source: { method: 'oauth', oauth: { providerId: 'oidc' }, action: 'create-user' } }, context)).toEqual({
      error: 'signup_disabled',
    })
  })

  it('leaves linking, returning sign-ins and other ways of creating users alone', async () => {
    expect(await gate({ user, source: { method: 'oauth', oauth: { providerId: 'oidc' }, action: 'link-account' } }, context)).toBeUndefined()
    expect(await gate({ user, source: { method: 'oauth', oauth: { providerId: 'oidc' }, action: 'sign-in' } }, context)).toBeUndefined()
    expect(await gate({ user, source: { method: 'admin', action: 'create-user' } }, context)).toBeUndefined()
    expect(await gate({ user, source: { method: 'oauth', oauth: { providerId: 'other' }, action: 'create-user' } }, context)).toBeUndefined()
  })
})

describe('what the sign-in page says', () => {
  it('explains each refusal, naming the provider', () => {
    expect(oidcSignInErrorMessage('signup_disabled', 'Okta')).toMatch(/no Agentloom account .* Okta .*invite/)
    expect(oidcSignInErrorMessage('BANNED_USER', 'Okta')).toMatch(/disabled/)
    expect(oidcSignInErrorMessage('oidc_domain_not_allowed', 'Okta')).toMatch(/domain/)
  })

  it('never repeats what the address says', () => {
    expect(oidcSignInErrorMessage('<script>Call 555-0100 for help</script>', 'Okta')).toBe('Signing in with Okta did not work. Try again, or ask an admin.')
  })
})
