import type { AppResources } from '../app-resources';
import type { AppServices } from '../app-services';

/**
 * What every handler factory receives: the app's resources and its services, each built once by
 * buildApp. Tests replace any of it through buildApp's deps.
 */
export interface HandlerContext extends AppResources, AppServices {}
