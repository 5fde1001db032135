/** The mix operation screens' routes (R-MIX): mix modification, global change, ranking. */
import type { Server, ServerDeps } from '../../http/server';
import { registerGlobalMixChangeRoutes } from './global-mix-change.routes';
import { registerMixModificationRoutes } from './mix-modification.routes';
import { registerRawMaterialRankingRoutes } from './raw-material-ranking.routes';

export function registerMixOperationsRoutes(app: Server, deps: ServerDeps): void {
  registerMixModificationRoutes(app, deps);
  registerGlobalMixChangeRoutes(app, deps);
  registerRawMaterialRankingRoutes(app, deps);
}
