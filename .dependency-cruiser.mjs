// Import rules checked by `npm run lint` (dependency-cruiser). Type-only imports count: the graph is
// the one TypeScript sees, which contains the one that runs, so one rule catches run-time cycles
// everywhere and type cycles too (in lib/core they are what tangled the layers).

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment:
        'An import cycle. Move the type or function both sides need into a module below both, or hand the ' +
        'dependency in (a parameter, an interface the higher module implements) instead of importing it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-ground-floor',
      severity: 'error',
      comment: 'lib/core/types.ts and lib/core/errors.ts are the ground floor: every layer imports them, they import no module of the project.',
      from: { path: '^lib/core/(types|errors)\\.ts$' },
      to: { dependencyTypes: ['local'] },
    },
    {
      name: 'resolvable-imports',
      severity: 'error',
      comment: 'An import the check cannot resolve would drop out of the graph, and a cycle through it would go unseen.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    exclude: { path: ['^node_modules/', '^\\.next/', '^bench/', '^lib/generated/', '^\\.data/', '^test-results/', '^playwright-report/', '^\\.reports/', '(^|/)\\.scratch/'] },
    doNotFollow: { path: ['^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    skipAnalysisNotInRules: true,
  },
}
