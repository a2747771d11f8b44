import { APP_ERROR_CODES } from '../../shared/app-error';
import type { GalleryChannel } from '../../shared/contract/gallery';
import { APP_TIME_ZONE } from '../../shared/display-format';
import { galleryFor, galleryMessage } from '../../shared/gallery/gallery';
import { localClock } from '../../shared/rules/schedule';
import { AppFailure } from '../app-failure';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import type { RulesModule } from '../rules/rules-module';
import { readGallerySettings, saveGallerySettings } from './gallery-settings';
import { createGalleryUse, type UseHandlers } from './gallery-use';
import { calendarView, messageView } from './gallery-views';
import { nextOpenSlot } from './next-open-slot';

export type GalleryModule = CoreModule<GalleryChannel>;

/** The domains a use goes through: their modules, as compose-core.ts built them. */
export interface GallerySources {
  templates: { handlers: Pick<Handlers, 'templates:create' | 'templates:list'> };
  segments: { handlers: Pick<Handlers, 'segments:list' | 'segments:create' | 'segments:fields'> };
  campaigns: { handlers: Pick<Handlers, 'campaigns:create' | 'campaigns:saveDraft'> };
  rules: Pick<RulesModule, 'rules'>;
}

const unknownMessage = (id: string) =>
  new AppFailure(APP_ERROR_CODES.notFound, `There is no ready message "${id}" in the gallery.`, {
    params: { id },
  });

/**
 * The gallery of ready messages and the retail calendar (both pure, in
 * shared/gallery and shared/calendar), worded in the UI's language and
 * judged against this shop's contacts; using a message goes through the
 * templates, segments and campaigns domains, which own what it makes. The
 * owner's business settings live in the settings table (gallery-settings.ts).
 */
export function createGalleryModule(
  deps: Pick<ModuleDeps, 'settings' | 'now' | 'language'>,
  sources: GallerySources,
): GalleryModule {
  const use = createGalleryUse({
    ...sources.templates.handlers,
    ...sources.segments.handlers,
    ...sources.campaigns.handlers,
  } satisfies UseHandlers);
  /** The shop's date: relative days and "this year" are Brasília's. */
  const today = () => localClock(deps.now(), APP_TIME_ZONE).date;

  return {
    handlers: {
      'gallery:list': async ({ business }) => {
        const fields = await sources.segments.handlers['segments:fields']({});
        const language = deps.language();
        return galleryFor(business).map((m) => messageView(m, language, today(), fields));
      },
      'gallery:use': async ({ id, as, name }) => {
        const message = galleryMessage(id);
        if (!message) throw unknownMessage(id);
        const request = {
          message,
          language: deps.language(),
          today: today(),
          scheduleAt: nextOpenSlot(message.hour, sources.rules.rules(), deps.now()),
          ...(name !== undefined ? { name } : {}),
        };
        return as === 'template' ? use.asTemplate(request) : use.asDraft(request);
      },
      'calendar:list': async ({ year }) =>
        calendarView(
          year ?? Number(today().slice(0, 4)),
          readGallerySettings(deps.settings),
          deps.language(),
        ),
      'gallery:settings': async () => readGallerySettings(deps.settings),
      'gallery:saveSettings': async (change) => saveGallerySettings(deps.settings, change),
    },
  };
}
