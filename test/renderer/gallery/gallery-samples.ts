/**
 * The gallery's channels answered from the shared gallery and calendar
 * themselves (the messages, names and dates the core words), over a fake
 * bridge: what the window is tested against is the real data, worded as
 * the core words it, kept as the core keeps the owner's settings.
 */
import type { AppLanguage } from '@shared/app-language';
import { calendarOf } from '@shared/calendar/calendar';
import { CALENDAR_NAMES } from '@shared/calendar/calendar-names';
import type { CalendarEntryView, GalleryMessageView, GallerySettingsView } from '@shared/dto/gallery';
import type { RulesView } from '@shared/dto/rules';
import { BUSINESS_NAMES, PURPOSE_NAMES } from '@shared/gallery/business-types';
import { AUDIENCE_NAMES, columnsOf } from '@shared/gallery/gallery-audience';
import { GALLERY, galleryMessage } from '@shared/gallery/gallery';
import { type FakeBridge, fail, ok } from '../support/fake-bridge';
import { sampleCampaign } from '../campaigns/campaign-samples';
import { rulesView } from '../rules/rules-samples';

/** The shop's rules: its name in front, "Como sair" at the end (as a shop with a server has it). */
export const shopRules = (over: Partial<RulesView['rules']> = {}): RulesView =>
  rulesView({
    rules: { ...rulesView().rules, prefix: 'Pet Amigo:', ...over },
    howToStop: { on: true, serverConnected: true },
  });

export function messagesIn(language: AppLanguage, missing: readonly string[] = []): GalleryMessageView[] {
  return GALLERY.map((m) => {
    const columns = columnsOf(m.audience);
    return {
      id: m.id,
      business: m.business,
      businessName: BUSINESS_NAMES[language][m.business],
      purpose: m.purpose,
      purposeName: PURPOSE_NAMES[language][m.purpose],
      hour: m.hour,
      text: m.text[language],
      audience: {
        kind: m.audience.kind,
        key: m.audience.key,
        name: AUDIENCE_NAMES[language][m.audience.key],
        definition: null,
        columns,
        missingColumns: columns.filter((c) => missing.includes(c)),
      },
    };
  });
}

export function calendarIn(year: number, settings: GallerySettingsView, language: AppLanguage) {
  return calendarOf(year, settings).map((e): CalendarEntryView => ({
    date: e.date,
    day: e.name,
    name: CALENDAR_NAMES[language][e.name],
    kind: e.kind,
    ...(e.galleryId ? { galleryId: e.galleryId } : {}),
    ...(e.remindAt ? { remindAt: e.remindAt } : {}),
  }));
}

interface GalleryBridgeOptions {
  settings?: Partial<GallerySettingsView>;
  language?: AppLanguage;
  /** Columns the contacts lack. */
  missing?: string[];
  rules?: RulesView;
}

/** The gallery, calendar and rules channels; the settings kept as saved; uses made as the core makes them. */
export function galleryBridge(bridge: FakeBridge, options: GalleryBridgeOptions = {}) {
  const language = options.language ?? 'pt-BR';
  const state = {
    settings: {
      business: null,
      anniversary: null,
      reminderDays: 7,
      ...options.settings,
    } as GallerySettingsView,
  };
  bridge
    .handle('gallery:list', ({ business }) =>
      ok(messagesIn(language, options.missing).filter((m) => !business || m.business === business)),
    )
    .handle('gallery:settings', () => ok(state.settings))
    .handle('gallery:saveSettings', (change) => {
      state.settings = { ...state.settings, ...change } as GallerySettingsView;
      return ok(state.settings);
    })
    .handle('calendar:list', ({ year }) => ok(calendarIn(year ?? 2026, state.settings, language)))
    .handle('rules:get', () => ok(options.rules ?? shopRules()))
    .handle('gallery:use', ({ id, as }) => {
      const message = galleryMessage(id);
      if (!message) return fail('not_found');
      const name = `${PURPOSE_NAMES[language][message.purpose]} - ${BUSINESS_NAMES[language][message.business]}`;
      if (as === 'template') {
        return ok({
          as: 'template' as const,
          template: {
            id: 'tpl-9',
            name,
            category: PURPOSE_NAMES[language][message.purpose],
            text: message.text[language],
            from: null,
            smsTypeId: null,
            fields: [],
            createdAt: '2026-12-01T12:00:00.000Z',
            updatedAt: '2026-12-01T12:00:00.000Z',
          },
        });
      }
      const scheduleAt = `2026-12-02T${message.hour}`;
      const missing = columnsOf(message.audience).filter((c) => options.missing?.includes(c));
      return ok({
        as: 'draft' as const,
        campaign: sampleCampaign({
          id: 'camp-gallery',
          name,
          template: message.text[language],
          options: { ...sampleCampaign().options, scheduleAt, plainLetters: true },
        }),
        audience:
          message.audience.kind === 'birthday'
            ? { kind: 'birthday' as const }
            : missing.length > 0
              ? { kind: 'missing-columns' as const, columns: missing }
              : {
                  kind: 'segment' as const,
                  segmentId: 'seg-1',
                  segmentName: AUDIENCE_NAMES[language][message.audience.key],
                  reused: false,
                },
        scheduleAt,
      });
    });
  return state;
}
