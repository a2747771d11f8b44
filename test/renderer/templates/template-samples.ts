import type { TemplateCheckView, TemplateView } from '@shared/dto/templates';
import { templateNameKey } from '@shared/contract/templates';
import { fail, ok, type FakeBridge } from '../support/fake-bridge';

export const sampleTemplate = (over: Partial<TemplateView> = {}): TemplateView => ({
  id: 'tpl-1',
  name: 'Promoção de sábado',
  category: 'Promoções',
  text: 'Olá {{nome|cliente}}! Pão em dobro no sábado.',
  from: null,
  smsTypeId: null,
  fields: [{ name: 'nome', key: 'nome', fallback: 'cliente' }],
  createdAt: '2026-11-27T12:00:00.000Z',
  updatedAt: '2026-11-27T12:00:00.000Z',
  ...over,
});

export const sampleCheck = (over: Partial<TemplateCheckView> = {}): TemplateCheckView => ({
  problems: [],
  fallbacks: [{ field: '{{nome|cliente}}', key: 'nome', fallback: 'cliente', count: 37 }],
  recipients: 120,
  segments: 120,
  maxSegments: 1,
  encodings: { 'GSM-7': 0, 'UCS-2': 120 },
  worst: {
    text: 'Olá Maria Aparecida! Pão em dobro no sábado.',
    segments: { encoding: 'UCS-2', units: 44, segments: 1, perSegment: 70, nonGsmChars: ['á', 'ã'] },
  },
  ...over,
});

/**
 * A fake bridge answering the templates channels from a list it keeps (a
 * stand-in for the core: names unique whatever their case and accents,
 * delete hides until restore), and the check with `check`.
 */
export function templatesBridge(bridge: FakeBridge, start: TemplateView[], check = sampleCheck()) {
  const state = { templates: structuredClone(start), hidden: [] as TemplateView[] };
  const sorted = () =>
    [...state.templates].sort((a, b) => templateNameKey(a.name).localeCompare(templateNameKey(b.name)));
  const clash = (name: string, id: string | null) =>
    state.templates.find((t) => templateNameKey(t.name) === templateNameKey(name) && t.id !== id);
  bridge
    .handle('templates:list', () => ok(sorted()))
    .handle('templates:check', () => ok(check))
    .handle('templates:create', (input) => {
      const other = clash(input.name, null);
      if (other)
        return fail('invalid_input', 'taken', {
          reason: 'duplicate_template_name',
          params: { name: other.name },
        });
      const created = sampleTemplate({
        id: `tpl-${state.templates.length + 2}`,
        name: input.name.trim(),
        category: input.category ?? null,
        text: input.text,
        from: input.from ?? null,
        smsTypeId: input.smsTypeId ?? null,
        fields: [],
      });
      state.templates.push(created);
      return ok(created);
    })
    .handle('templates:update', ({ id, ...patch }) => {
      const at = state.templates.findIndex((t) => t.id === id);
      state.templates[at] = { ...state.templates[at]!, ...patch } as TemplateView;
      return ok(state.templates[at]!);
    })
    .handle('templates:delete', ({ id }) => {
      const gone = state.templates.find((t) => t.id === id)!;
      state.templates = state.templates.filter((t) => t.id !== id);
      state.hidden.push(gone);
      return ok({ id, name: gone.name, expiresAt: new Date(Date.now() + 30_000).toISOString() });
    })
    .handle('templates:restore', ({ id }) => {
      const back = state.hidden.find((t) => t.id === id)!;
      state.templates.push(back);
      return ok(back);
    });
  return state;
}
