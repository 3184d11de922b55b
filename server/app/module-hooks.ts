import { registerHooks } from 'node:module';

/**
 * Loaded before a store process's own modules (`node --import ./server/app/module-hooks.ts`:
 * the npm scripts, SERVER_NODE_FLAGS, the demo's drawing process; decision 052). To learn
 * whether a `.js` file is an ES module, Node 24 reads its package's package.json for every such
 * file and parses the package's whole exports map each time. drizzle-orm's map is 178 KB and
 * its build about 150 files: loading it took 1.2 s of every start. Its files are ES modules
 * (`"type": "module"`) that import one another by relative paths, so those are resolved here.
 */
const drizzleRoot = new URL('.', import.meta.resolve('drizzle-orm')).href;

const isDrizzleModule = (url: string | undefined) => url?.startsWith(drizzleRoot) && url.endsWith('.js');

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && isDrizzleModule(context.parentURL)) {
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
