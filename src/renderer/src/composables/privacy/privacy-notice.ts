import type { ProcessingRecordView } from '@shared/dto';

type Say = (key: string, named?: Record<string, unknown>) => string;

/**
 * The paragraph for the shop's privacy notice, in the owner's language: what
 * is kept, why, where, for how long, who receives it, and whom the customer
 * asks. Null until the owner gave a way to reach them (the notice would
 * otherwise name nobody).
 */
export function privacyNotice(record: ProcessingRecordView, t: Say): string | null {
  const c = record.contact;
  if (!c || (!c.email && !c.phone)) return null;
  const contact =
    c.email && c.phone
      ? t('processingRecord.noticeBoth', { email: c.email, phone: c.phone })
      : c.email
        ? t('processingRecord.noticeEmail', { email: c.email })
        : t('processingRecord.noticePhone', { phone: c.phone });
  return t('processingRecord.notice', {
    shop: c.shopName ?? t('processingRecord.noticeShop'),
    server: record.serverConnected ? t('processingRecord.noticeServer') : '',
    officer: c.officerName ?? t('processingRecord.noticeOfficer'),
    contact,
  });
}
