import type { DataRecoveryView, DiagnosticsView } from '../../shared/dto';

/** Why the data could not be used, as support reads it. */
const STAGE: Record<'pt-BR' | 'en', Record<DataRecoveryView['stage'], (r: DataRecoveryView) => string>> = {
  'pt-BR': {
    backup: () => 'falhou (cópia de segurança)',
    migration: (r) => `falhou (passo ${r.failedVersion ?? '?'})`,
    damaged: () => 'arquivo de dados danificado',
    too_new: (r) => `dados de uma versão mais nova (formato ${r.fromVersion})`,
    read_only: () => 'pasta de dados sem permissão de gravação',
    disk_full: () => 'disco cheio',
  },
  en: {
    backup: () => 'failed (backup)',
    migration: (r) => `failed (step ${r.failedVersion ?? '?'})`,
    damaged: () => 'data file damaged',
    too_new: (r) => `data from a newer version (format ${r.fromVersion})`,
    read_only: () => 'data folder cannot be written',
    disk_full: () => 'disk full',
  },
};

const LABELS = {
  'pt-BR': {
    title: 'Diagnóstico do Torpedo',
    generated: 'Gerado em',
    version: 'Versão',
    os: 'Sistema',
    dataFolder: 'Pasta de dados',
    logFolder: 'Registros',
    schema: 'Formato dos dados',
    expected: 'esta versão usa',
    account: 'Conta',
    signedOut: 'nenhuma',
    recovery: 'Atualização dos dados',
    recoveryFailed: (r: DataRecoveryView) =>
      `${STAGE['pt-BR'][r.stage](r)}${r.code ? ` (${r.code})` : ''}; ` +
      `dados ${r.dataIntact ? 'como antes' : 'NÃO restaurados'}${r.backupName ? `, cópia ${r.backupName}` : ''}`,
    outbox: 'Fila de envio',
    empty: 'vazia',
    batches: 'lotes',
    messages: 'mensagens',
    problems: 'Últimos problemas',
    none: 'nenhum',
  },
  en: {
    title: 'Torpedo diagnostics',
    generated: 'Generated',
    version: 'Version',
    os: 'System',
    dataFolder: 'Data folder',
    logFolder: 'Logs',
    schema: 'Data format',
    expected: 'this version uses',
    account: 'Account',
    signedOut: 'none',
    recovery: 'Data update',
    recoveryFailed: (r: DataRecoveryView) =>
      `${STAGE.en[r.stage](r)}${r.code ? ` (${r.code})` : ''}; ` +
      `data ${r.dataIntact ? 'as before' : 'NOT restored'}${r.backupName ? `, backup ${r.backupName}` : ''}`,
    outbox: 'Outbox',
    empty: 'empty',
    batches: 'batches',
    messages: 'messages',
    problems: 'Last problems',
    none: 'none',
  },
} as const;

export interface DiagnosticsTextContext {
  language: 'pt-BR' | 'en';
  at: Date;
  mode: string | null;
  recovery: DataRecoveryView | null;
}

/** The diagnostics as plain text, in the user's language, for an e-mail or a support chat. */
export function diagnosticsText(
  view: Omit<DiagnosticsView, 'text'>,
  context: DiagnosticsTextContext,
): string {
  const l = LABELS[context.language];
  const outbox = Object.entries(view.outbox)
    .map(([state, n]) => `${state} ${n.batches} ${l.batches} (${n.messages} ${l.messages})`)
    .join('; ');
  const problems = view.problems.map(
    (p) =>
      `  ${p.time} ${p.level} ${p.src} ${p.event}${p.code ? ` ${p.code}` : ''}${p.reason ? ` — ${p.reason}` : ''}`,
  );
  return [
    l.title,
    `${l.generated}: ${context.at.toISOString()}`,
    `${l.version}: ${view.version}`,
    `${l.os}: ${view.os}`,
    `${l.dataFolder}: ${view.dataFolder}`,
    `${l.logFolder}: ${view.logFolder}`,
    `${l.schema}: ${view.schemaVersion ?? '?'} (${l.expected} ${view.schemaExpected})`,
    `${l.account}: ${context.mode ?? l.signedOut}`,
    ...(context.recovery ? [`${l.recovery}: ${l.recoveryFailed(context.recovery)}`] : []),
    `${l.outbox}: ${outbox || l.empty}`,
    `${l.problems}:`,
    ...(problems.length ? problems : [`  ${l.none}`]),
    '',
  ].join('\n');
}
