import { devtoolsFlags } from '../../../services/inspection.ts';
import { DevtoolsHeaderTool } from '../../devtools/HeaderTool.tsx';
import type { ShellPlugin } from '../registry.ts';

/**
 * The live state panel's header tool, in development builds or with `?debug` (or the `debug` setting):
 * src/services/inspection.ts decides. Otherwise the plugin adds nothing.
 */
export default function devtoolsPlugin(): ShellPlugin {
  // The first test is a build-time constant: a `VITE_DEVTOOLS=off` build drops the tool's chunk with it.
  return import.meta.env.VITE_DEVTOOLS !== 'off' && devtoolsFlags().panel
    ? { name: 'devtools', headerTools: [{ name: 'devtools', Component: DevtoolsHeaderTool }] }
    : { name: 'devtools' };
}
