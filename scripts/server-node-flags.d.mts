/** The V8 flags of the app's web process (server-node-flags.mjs). */
export declare const WEB_NODE_FLAGS: readonly string[]
