import type { SessionChannel } from '../../shared/contract/session';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';

export type { SessionManager } from './session-manager';

/**
 * Signing in with an account key, the demo, signing out. The SessionManager
 * itself is a shared part (every domain asks it for the signed-in account);
 * this is its window onto the contract.
 */
export function createSessionModule(deps: Pick<ModuleDeps, 'session'>): CoreModule<SessionChannel> {
  const { session } = deps;
  return {
    handlers: {
      'session:get': async () => session.info(),
      'session:signIn': (input) => session.signIn(input),
      'session:startDemo': () => session.startDemo(),
      'session:signOut': (input) => session.signOut(input.deleteLocalData),
      'demo:reset': () => session.resetDemo(),
    },
  };
}
