/**
 * The ways a careless server leaks a secret, shared by the canary test's servers and the test
 * itself: whole, its first 20 characters, a middle part, base64 of the whole and of a part,
 * base64url with something before it, URL-encoded.
 */
export function leakForms(secret) {
  return {
    whole: secret,
    first20: secret.slice(0, 20),
    middle: secret.slice(8, 20),
    base64: Buffer.from(secret).toString('base64'),
    base64Part: Buffer.from(secret.slice(5, 25)).toString('base64'),
    base64Url: Buffer.from(`key:${secret}`).toString('base64url'),
    urlEncoded: encodeURIComponent(secret),
  }
}

export function leakText(label, secret) {
  return Object.entries(leakForms(secret))
    .map(([form, value]) => `${label}.${form}=${value}`)
    .join(' ')
}
