/**
 * How a publication's token is found: only its SHA-256 is stored (as a share link's, share-token.ts), and a
 * publication counts until it is revoked or expires. Apart from the services so that proxy.ts can look a token
 * up (publication-frame-origins.ts) without loading them.
 */
export { hashShareToken as hashPublicationToken, isLiveShareLink as isLivePublication } from '../share/share-token'
