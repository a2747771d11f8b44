import { useI18n } from 'vue-i18n';
import type { SegmentConditionView, SegmentFieldView } from '@shared/dto';
import { type FieldKind, isBuiltin, type SegmentOp, valueKindOf } from '@shared/segments/segment-model';
import { formatCount } from '@renderer/composables/use-money';

/** `not-empty` -> `notEmpty`: the i18n key of an operator. */
const camel = (text: string) => text.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** How a date (aaaa-mm-dd) reads in the UI's language, without a time zone to shift it. */
export function dayText(iso: string, locale: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

export function monthName(month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** The words the builder and the saved segments' table show for fields, operators and values. */
export function useSegmentLabels() {
  const { t, locale } = useI18n();

  const fieldLabel = (field: SegmentFieldView | { field: string; name: string }): string =>
    isBuiltin(field.field) ? t(`segments.field_${field.field.slice(1)}`) : field.name;

  function opLabel(kind: FieldKind, op: SegmentOp): string {
    if (kind === 'last-sent' && op === 'empty') return t('segments.lastSentEmpty');
    if (kind === 'last-sent' && op === 'not-empty') return t('segments.lastSentNotEmpty');
    return t(`segments.op_${camel(op)}`);
  }

  /** A condition as a sentence: `Cidade contém "rec"`, `Última compra nos últimos 30 dias`. */
  function conditionText(c: SegmentConditionView, field: SegmentFieldView | undefined): string {
    const kind = field?.kind ?? 'text';
    const head = `${field ? fieldLabel(field) : c.field} ${opLabel(kind, c.op)}`;
    const value = c.value ?? '';
    switch (valueKindOf(kind, c.op)) {
      case 'none':
        return head;
      case 'date':
        return `${head} ${dayText(value, locale.value)}`;
      case 'date-range':
        return `${head} ${dayText(value, locale.value)} ${t('segments.toLabel')} ${dayText(c.to ?? value, locale.value)}`;
      case 'days':
        return `${head} ${formatCount(Number(value), locale.value)} ${t('segments.days')}`;
      case 'month':
        return `${head} ${monthName(Number(value), locale.value)}`;
      case 'flag':
        return `${head} ${t(value === 'yes' ? 'segments.yes' : 'segments.no')}`;
      case 'list':
      case 'campaign':
        return `${head} “${c.label ?? t('segments.gone')}”`;
      default:
        return `${head} “${value}”`;
    }
  }

  return { fieldLabel, opLabel, conditionText };
}
