import type { DiagnosticsChannel } from '../../shared/contract/diagnostics';
import type { CoreModule } from '../kernel/core-module';
import { collectDiagnostics, type DiagnosticsDeps } from './diagnostics';

/** The diagnostics support asks for ("Copiar diagnóstico"): shown, or put on the clipboard. */
export function createDiagnosticsModule(deps: DiagnosticsDeps): CoreModule<DiagnosticsChannel> {
  return {
    handlers: {
      'diagnostics:get': async () => collectDiagnostics(deps),
      'diagnostics:copy': async () => {
        const view = collectDiagnostics(deps);
        deps.host.writeClipboard(view.text);
        return view;
      },
    },
  };
}
