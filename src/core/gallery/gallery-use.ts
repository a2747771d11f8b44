/**
 * A ready message put to use, through the domains that own what it makes:
 * the owner's own template (templates), or a draft campaign (campaigns)
 * with the message's text, its audience saved as a segment (segments; the
 * same conditions saved before are used again, never saved twice) and its
 * hour as the schedule. A message whose audience needs columns the contacts
 * lack still makes its draft, without an audience, saying which columns.
 *
 * The draft sends in plain letters: the gallery's texts are plain already,
 * and a customer's name with an accent (`João`) would otherwise turn that
 * message into UCS-2, three SMS instead of one.
 */
import type { AppLanguage } from '../../shared/app-language';
import { TEMPLATE_NAME_MAX } from '../../shared/contract/templates';
import type { GalleryDraftAudience, GalleryUseView } from '../../shared/dto/gallery';
import type { SavedSegmentView } from '../../shared/dto/segments';
import { PURPOSE_NAMES } from '../../shared/gallery/business-types';
import type { GalleryMessage } from '../../shared/gallery/gallery';
import { AUDIENCE_NAMES, resolveAudience } from '../../shared/gallery/gallery-audience';
import type { SegmentDefinition } from '../../shared/segments/segment-model';
import type { Handlers } from '../kernel/handlers';
import { defaultName, missingColumns } from './gallery-views';

/** The channels of other domains a use goes through (their modules' own handlers). */
export type UseHandlers = Pick<
  Handlers,
  | 'templates:create'
  | 'templates:list'
  | 'segments:list'
  | 'segments:create'
  | 'segments:fields'
  | 'campaigns:create'
  | 'campaigns:saveDraft'
>;

export interface UseRequest {
  message: GalleryMessage;
  language: AppLanguage;
  /** The shop's date (`YYYY-MM-DD`): relative days of the audience are made dates of it. */
  today: string;
  /** `YYYY-MM-DDTHH:MM`: the draft's schedule. */
  scheduleAt: string;
  name?: string;
}

const SEGMENT_NAME_MAX = 60;

/** `name`, or `name 2`, `name 3`... : the first one `taken` does not hold. */
function freeName(name: string, taken: (candidate: string) => boolean, max: number): string {
  if (!taken(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = name.slice(0, max - suffix.length) + suffix;
    if (!taken(candidate)) return candidate;
  }
}

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

const sameDefinition = (saved: SavedSegmentView, wanted: SegmentDefinition) =>
  saved.match === wanted.match &&
  JSON.stringify(saved.conditions.map(({ field, op, value, to }) => ({ field, op, value, to }))) ===
    JSON.stringify(wanted.conditions.map(({ field, op, value, to }) => ({ field, op, value, to })));

export function createGalleryUse(handlers: UseHandlers) {
  async function audienceOf(request: UseRequest): Promise<GalleryDraftAudience> {
    const { message, language, today } = request;
    const definition = resolveAudience(message.audience, today);
    if (definition === null) return { kind: 'birthday' };
    const missing = missingColumns(message.audience, await handlers['segments:fields']({}));
    if (missing.length > 0) return { kind: 'missing-columns', columns: missing };
    const saved = await handlers['segments:list']({});
    const same = saved.find((s) => sameDefinition(s, definition));
    if (same) return { kind: 'segment', segmentId: same.id, segmentName: same.name, reused: true };
    const names = new Set(saved.map((s) => fold(s.name)));
    const name = freeName(
      AUDIENCE_NAMES[language][message.audience.key],
      (candidate) => names.has(fold(candidate)),
      SEGMENT_NAME_MAX,
    );
    const created = await handlers['segments:create']({ name, ...definition });
    return { kind: 'segment', segmentId: created.id, segmentName: created.name, reused: false };
  }

  return {
    async asTemplate(request: UseRequest): Promise<GalleryUseView> {
      const { message, language } = request;
      let name = request.name;
      if (name === undefined) {
        const names = new Set((await handlers['templates:list']({})).map((t) => fold(t.name)));
        name = freeName(defaultName(message, language), (c) => names.has(fold(c)), TEMPLATE_NAME_MAX);
      }
      const template = await handlers['templates:create']({
        name,
        category: PURPOSE_NAMES[language][message.purpose],
        text: message.text[language],
      });
      return { as: 'template', template };
    },

    async asDraft(request: UseRequest): Promise<GalleryUseView> {
      const { message, language, scheduleAt } = request;
      const audience = await audienceOf(request);
      const created = await handlers['campaigns:create']({
        name: request.name ?? defaultName(message, language),
      });
      const campaign = await handlers['campaigns:saveDraft']({
        id: created.id,
        template: message.text[language],
        audience: {
          listIds: [],
          contactIds: [],
          segmentIds: audience.kind === 'segment' ? [audience.segmentId] : [],
        },
        options: { scheduleAt, plainLetters: true },
      });
      return { as: 'draft', campaign, audience, scheduleAt };
    },
  };
}
