// What the conformance tests check against, transcribed from shared/spec/service-wire-facts.md and
// messaging-service-interface.md (the key sets and formats), and the sandbox-only values of
// src/sandbox/README.md that provoke the statuses the spec lists.

export const META_KEYS = [
  'total',
  'perPage',
  'currentPage',
  'lastPage',
  'firstPage',
  'firstPageUrl',
  'lastPageUrl',
  'nextPageUrl',
  'previousPageUrl',
];
export const SEND_RESULT_KEYS = ['id', 'quantity', 'status', 'test'];
export const SEND_LIST_ITEM_KEYS = [
  'id',
  'number',
  'date',
  'quantity',
  'full_name',
  'created_at',
  'status',
  'type',
];
export const SEND_DETAIL_KEYS = [
  'id',
  'quantity',
  'characters',
  'date',
  'total',
  'cost',
  'user',
  'status',
  'type',
  'summary',
  'phones',
];
export const SUMMARY_KEYS = ['total', 'delivered', 'failed', 'inProgress', 'done'];
export const SEND_NUMBER_DETAIL_KEYS = [
  'id',
  'characters',
  'code',
  'cost',
  'message',
  'phone',
  'status',
  'template',
  'created_at',
];
export const SEND_NUMBER_ITEM_KEYS = ['id', 'phone', 'code', 'status', 'created_at'];
export const SMS_TYPE_KEYS = ['id', 'name', 'price', 'sale'];
export const BALANCE_KEYS = ['balance', 'currency', 'company'];
export const COMPANY_KEYS = ['name', 'document'];
export const AUTO_RECHARGE_KEYS = [
  'enabled',
  'threshold',
  'planQuantity',
  'cardId',
  'alertEnabled',
  'alertThreshold',
];
export const WEBHOOK_KEYS = ['url', 'secret'];
export const PLAN_KEYS = ['id', 'quantity', 'price', 'sale', 'unit', 'total', 'popular'];
export const CARD_KEYS = ['id', 'number', 'name', 'alias', 'validate', 'flag', 'default'];
export const INVOICE_KEYS = ['uuid', 'total', 'date', 'expiry', 'displayId', 'status', 'card'];
export const INVOICE_STATUS_KEYS = ['code', 'name', 'icon', 'color'];
export const INVOICE_CARD_KEYS = ['code', 'name'];
export const PURCHASE_RESULT_KEYS = ['status', 'invoiceUuid', 'total', 'quantity', 'paymentIntentId'];
export const CONTACT_SHOW_KEYS = ['fullName', 'email', 'phone'];
export const LIST_KEYS = ['id', 'name'];
export const SHORT_LINK_KEYS = ['id', 'url', 'shortUrl', 'title', 'active', 'clicks', 'created_at'];
export const CLICK_KEYS = ['id', 'clicked_at', 'phone', 'user_agent'];
export const EVENT_KEYS = ['id', 'event', 'sentAt', 'test', 'data'];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
export const NUMBERS_STATUSES = ['delivered', 'failed', 'in_progress'];

// Sandbox-only values, from src/sandbox/README.md.
export const CARD_DECLINED = '0000dec1-0000-4000-8000-000000000402';
export const CARD_SCA = '00003d5e-0000-4000-8000-000000000402';
export const CARD_PROCESSING = '0000a51c-0000-4000-8000-000000000200';
export const CARD_UNAVAILABLE = '00000503-0000-4000-8000-000000000503';
export const PHONE_FAILS = '+5511900000001';
export const PHONE_DELIVERED = '+5511900000003';
export const PURCHASES_PER_WINDOW = 5;
