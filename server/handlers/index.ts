import { authHandlers } from './auth.handlers';
import { devHandlers } from './dev.handlers';
import { exposureHandlers } from './exposure.handlers';
import { filesHandlers } from './files.handlers';
import { leadsHandlers } from './leads.handlers';
import { meHandlers } from './me.handlers';
import { otpHandlers } from './otp.handlers';
import { propertiesHandlers } from './properties.handlers';
import { sharingHandlers } from './sharing.handlers';
import { systemHandlers } from './system.handlers';
import type { HandlerContext, HandlerMap } from './types';

/** One factory per OpenAPI tag. A new tag's file is added here; a new handler only to its file. */
const FACTORIES = {
  system: systemHandlers,
  dev: devHandlers,
  otp: otpHandlers,
  auth: authHandlers,
  leads: leadsHandlers,
  properties: propertiesHandlers,
  files: filesHandlers,
  sharing: sharingHandlers,
  me: meHandlers,
  exposure: exposureHandlers,
} satisfies Record<string, (context: HandlerContext) => HandlerMap>;

/** All handlers keyed by operationId; an operationId claimed by two tags is a startup error. */
export function createHandlers(context: HandlerContext): HandlerMap {
  const all: Record<string, unknown> = {};
  for (const [tag, factory] of Object.entries(FACTORIES)) {
    for (const [operationId, handler] of Object.entries(factory(context))) {
      if (operationId in all)
        throw new Error(`Handler for ${operationId} is defined twice (again in ${tag})`);
      all[operationId] = handler;
    }
  }
  return all as HandlerMap;
}
