import type { SupportChannel } from '../../shared/contract/support';
import type { CoreModule } from '../core-module';
import { collectDiagnostics, type DiagnosticsDeps } from './diagnostics';

/** The diagnostics support asks for ("Copiar diagnóstico"): shown, or put on the clipboard. */
export function createSupportModule(deps: DiagnosticsDeps): CoreModule<SupportChannel> {
  return {
    handlers: {
      'support:diagnostics': async () => collectDiagnostics(deps),
      'support:copyDiagnostics': async () => {
        const view = collectDiagnostics(deps);
        deps.host.writeClipboard(view.text);
        return view;
      },
    },
  };
}
