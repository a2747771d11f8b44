import { useMessage } from 'naive-ui';
import { useI18n } from 'vue-i18n';
import type { GalleryUseView } from '@shared/dto/gallery';
import { formatSchedule } from '@renderer/composables/zoned-time';

type DraftMade = Extract<GalleryUseView, { as: 'draft' }>;

/**
 * What a draft made from a ready message says as the composer opens on it:
 * whom it goes to and when, or why it has no audience yet (the contacts lack
 * a column; a birthday message is the birthday automation's).
 */
export function useDraftNotice() {
  const message = useMessage();
  const { t, locale } = useI18n();

  return (made: DraftMade): void => {
    const { audience } = made;
    if (audience.kind === 'segment') {
      const when = formatSchedule(made.scheduleAt, made.campaign.options.timeZone, locale.value);
      message.success(t('gallery.draftMade', { segment: audience.segmentName, when }));
    } else if (audience.kind === 'missing-columns') {
      message.warning(t('gallery.draftNoAudience', { columns: audience.columns.join(', ') }));
    } else {
      message.warning(t('gallery.draftBirthday'));
    }
  };
}
