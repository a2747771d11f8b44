import { defineStore } from 'pinia';
import { call } from '@renderer/api';
import { numbersFileFlow } from '../numbers-file-flow';
import { useOptOutsStore } from './use-opt-outs-store';

export { NO_PHONE_COLUMN, type NumbersFileStep as OptOutFileStep } from '../numbers-file-flow';

/** A file of numbers added to the opt-out list (`import:optOut`), after the user's yes. */
export const useOptOutFileStore = defineStore('optOutFile', () =>
  numbersFileFlow({
    save: (importId) => call('import:optOut', { importId }),
    after: () => useOptOutsStore().load(1),
  }),
);
