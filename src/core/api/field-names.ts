/**
 * The service's request fields are snake_case (`plan_id`), the app's inputs
 * camelCase (`planId`): a 422 from the service names its fields, and the
 * window shows the problem beside its own field.
 */
const FIELD_NAMES: Record<string, string> = {
  plan_id: 'planId',
  card_id: 'cardId',
  plan_quantity: 'planQuantity',
  alert_enabled: 'alertEnabled',
  alert_threshold: 'alertThreshold',
};
export const appFieldName = (field: string): string => FIELD_NAMES[field] ?? field;
