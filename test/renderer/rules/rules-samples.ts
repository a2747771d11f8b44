import type { ImportPlanView, ImportPreviewView } from '@shared/dto';
import type { BlockListView, RulesView } from '@shared/dto/rules';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import { holidaysOf } from '@shared/rules/holidays';

/** What `rules:get` answers: the default rules (no server: "Como sair" off), 2026's and 2027's holidays, the given block lists. */
export const rulesView = (over: Partial<RulesView> = {}): RulesView => ({
  rules: structuredClone({ ...DEFAULT_RULES }),
  howToStop: { on: false, serverConnected: false },
  holidays: [...holidaysOf(2026), ...holidaysOf(2027)],
  blockLists: [],
  ...over,
});

export const proconList = (over: Partial<BlockListView> = {}): BlockListView => ({
  id: 'procon-sp',
  kind: 'procon-sp',
  name: null,
  fileName: 'nao-me-ligue-2026-11.csv',
  numbers: 12_345,
  updatedAt: '2026-11-03T14:00:00.000Z',
  fileDate: null,
  stale: false,
  before: null,
  ...over,
});

export const numbersPreview: ImportPreviewView = {
  format: 'txt',
  encoding: 'utf-8',
  delimiter: ';',
  headerLine: 0,
  headers: [''],
  columnTypes: [{ type: 'text' }],
  sampleRows: [['11987654321']],
  totalRows: 5,
  mapping: { phone: 0, custom: [] },
  mappingSource: 'suggested',
  encodings: ['utf-8', 'windows-1252'],
  delimiters: [';', ',', '\t', '|'],
};

export const numbersPlan: ImportPlanView = {
  counts: { read: 5, valid: 3, duplicatesInFile: 1, existing: 0, changed: 0, invalid: 1, optedOut: 0 },
  suggestions: { items: [], total: 0 },
  rejectedSample: { items: [], total: 1 },
  duplicatesSample: { items: [], total: 1 },
  warnings: { items: [], total: 0 },
  changes: { items: [], total: 0 },
};
