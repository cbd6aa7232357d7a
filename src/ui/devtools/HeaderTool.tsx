import { lazy, Suspense } from 'react';

/** The tool and its panel are a lazy chunk: only this wrapper is part of the plugin registry's bundle. */
const DevtoolsTool = lazy(() => import('./DevtoolsTool.tsx'));

/** The header's "state panel" tool (registered by src/ui/plugins/devtools/plugin.ts). */
export function DevtoolsHeaderTool() {
  return (
    <Suspense fallback={null}>
      <DevtoolsTool />
    </Suspense>
  );
}
