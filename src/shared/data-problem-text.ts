/**
 * What each trouble of the data folder is and what to do about it, in both
 * app languages: the CLI says it in the terminal's language, the core's
 * error carries the English one (the window words its own through i18n,
 * `errors.<code>` and the recovery page). Never only "failed unexpectedly".
 * Pure, in shared: the core (core/db/data-problem.ts tells which problem an
 * error is) and the CLI, a client of the contract, both word them.
 */
import type { AppLanguage } from './app-language';
import type { DataRecoveryView } from './dto/data';

export type DataProblemCode =
  | 'disk_full'
  | 'data_read_only'
  | 'data_damaged'
  | 'database_too_new'
  | 'data_upgrade_failed'
  | 'data_in_use';

/** Where the owner reads it: the terminal says the commands, the window its buttons. */
export type Audience = 'terminal' | 'window';

interface Words {
  cause: string;
  todo: (folder: string, audience: Audience) => string;
}

const TEXT: Record<AppLanguage, Record<DataProblemCode, Words>> = {
  'pt-BR': {
    disk_full: {
      cause: 'O disco onde ficam os dados do Torpedo está cheio.',
      todo: (folder) =>
        `Libere espaço nesse disco${folder ? ` (a pasta de dados é ${folder})` : ''} e tente de novo. Nada foi perdido: o que não coube não foi gravado, e nada é enviado duas vezes.`,
    },
    data_read_only: {
      cause: 'A pasta de dados do Torpedo não pode ser gravada.',
      todo: (folder) =>
        `Confira se a pasta${folder ? ` ${folder}` : ''} é sua e aceita gravação (e se o disco não está protegido contra gravação), depois tente de novo.`,
    },
    data_damaged: {
      cause: 'O arquivo de dados do Torpedo (torpedo.db) está danificado.',
      todo: (_folder, audience) =>
        audience === 'terminal'
          ? 'Nada foi gravado nele. Veja as cópias de segurança com "torpedo data backups" e volte a uma com "torpedo data restore NOME"; o arquivo atual fica guardado.'
          : 'Nada foi gravado nele. Volte a uma cópia de segurança pelo botão Restaurar; o arquivo atual fica guardado.',
    },
    database_too_new: {
      cause: 'Estes dados foram gravados por uma versão mais nova do Torpedo.',
      todo: () => 'Atualize o Torpedo para a versão mais nova para abri-los. Nada foi alterado.',
    },
    data_upgrade_failed: {
      cause: 'Não foi possível atualizar os seus dados para esta versão do Torpedo.',
      todo: () =>
        'Seus dados estão como antes. Instale a versão anterior ou espere a corrigida, e mande o diagnóstico para o suporte.',
    },
    data_in_use: {
      cause: 'Outro Torpedo está usando esta pasta de dados agora (o aplicativo ou um "torpedo worker").',
      todo: () => 'Feche-o (ou pare o worker com Ctrl-C) e tente de novo.',
    },
  },
  en: {
    disk_full: {
      cause: "The disk holding Torpedo's data is full.",
      todo: (folder) =>
        `Free some space on it${folder ? ` (the data folder is ${folder})` : ''} and try again. Nothing was lost: what did not fit was not written, and nothing is sent twice.`,
    },
    data_read_only: {
      cause: "Torpedo's data folder cannot be written.",
      todo: (folder) =>
        `Check that the ${folder ? `folder ${folder}` : 'data folder'} is yours and writable (and that the disk is not write-protected), then try again.`,
    },
    data_damaged: {
      cause: "Torpedo's data file (torpedo.db) is damaged.",
      todo: (_folder, audience) =>
        audience === 'terminal'
          ? 'Nothing was written to it. See the backups with "torpedo data backups" and put one back with "torpedo data restore NAME"; the current file is kept.'
          : 'Nothing was written to it. Put a backup back with the Restore button; the current file is kept.',
    },
    database_too_new: {
      cause: 'This data was written by a newer version of Torpedo.',
      todo: () => 'Update Torpedo to the newest version to open it. Nothing was changed.',
    },
    data_upgrade_failed: {
      cause: 'Your data could not be updated for this version of Torpedo.',
      todo: () =>
        'Your data is as it was. Install the previous version or wait for a fixed one, and send the diagnostics to support.',
    },
    data_in_use: {
      cause: 'Another Torpedo is using this data folder now (the app, or a "torpedo worker").',
      todo: () => 'Close it (or stop the worker with Ctrl-C) and try again.',
    },
  },
};

export const isDataProblemCode = (code: string): code is DataProblemCode => Object.hasOwn(TEXT.en, code);

/** The cause and what to do, as one paragraph (`folder` '' when the caller does not know it). */
export function describeDataProblem(
  code: DataProblemCode,
  language: AppLanguage,
  folder: string,
  audience: Audience,
): string {
  const words = TEXT[language][code];
  return `${words.cause} ${words.todo(folder, audience)}`;
}

/** A trouble of the data folder, and what SQLite or the system said (`SQLITE_FULL`, `ENOSPC`...). */
export interface DataProblem {
  code: DataProblemCode;
  underlying: string;
}

/** What a recovery core answers every closed channel with, by why the data cannot be used. */
const RECOVERY_PROBLEM: Record<DataRecoveryView['stage'], DataProblemCode> = {
  backup: 'data_upgrade_failed',
  migration: 'data_upgrade_failed',
  damaged: 'data_damaged',
  too_new: 'database_too_new',
  read_only: 'data_read_only',
  disk_full: 'disk_full',
};

export const problemOfRecovery = (recovery: DataRecoveryView): DataProblem => ({
  code: RECOVERY_PROBLEM[recovery.stage],
  underlying: recovery.code ?? recovery.stage,
});
