import type { CampaignDeliveryView } from '@shared/dto/campaigns';

type Translate = (key: string, named: Record<string, unknown>, plural?: number) => string;

/** "12 entregues · 1 com falha · 587 a caminho", by the service's own counts. */
export function deliveryWords(d: CampaignDeliveryView, t: Translate, count: (n: number) => string): string {
  const parts = [
    t('campaigns.deliveredCount', { count: count(d.delivered) }, d.delivered),
    t('campaigns.failedCount', { count: count(d.failed) }, d.failed),
    ...(d.onTheWay > 0 ? [t('campaigns.onTheWayCount', { count: count(d.onTheWay) }, d.onTheWay)] : []),
  ];
  return parts.join(' · ');
}
