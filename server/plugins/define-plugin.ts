import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as non-encapsulated (what fastify-plugin does), so its decorators, hooks and
 * handlers apply to the whole app; fastify honours this symbol natively.
 */
export function definePlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  const wrapped = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  wrapped[Symbol.for('skip-override')] = true;
  wrapped[Symbol.for('fastify.display-name')] = name;
  return wrapped;
}
