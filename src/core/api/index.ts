/**
 * The service, as the rest of the core sees it: the typed client, its errors,
 * and the wire contract (paths, constants, schemas and their types).
 */
export { createSmsGoClient } from './smsgo-client';
export type { SmsGoClient, SmsGoClientOptions, PageQuery } from './smsgo-client';
export type { TokenStorePort, HeldToken } from './token-manager';
export {
  ServiceError,
  InvalidResponseError,
  NetworkError,
  isServiceError,
  isNetworkError,
  parseRetryAfter,
} from './service-error';
export type { FieldError, NetworkErrorKind } from './service-error';
export { createHttp, TIMEOUTS, RETRY } from './http';
export type { HttpOptions } from './http';
export * from './wire';
export * from './wire-schemas';
export * from '../../shared/webhook/signature';
