/** HTTP errors with the body shape of {statusCode, error, code, message, details?} (ApiErrorBody). */
import { STATUS_CODES } from 'node:http';
import { errorCodeForStatus, type ErrorCode } from '../../shared/errors';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';

/** Extra body fields; `code` overrides the status's generic code (see src/shared/errors.ts). */
export type ErrorExtra = { code?: ErrorCode } & Record<string, unknown>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string>,
    readonly extra?: ErrorExtra,
  ) {
    super(message);
  }

  toBody() {
    return {
      statusCode: this.statusCode,
      error: STATUS_CODES[this.statusCode] ?? 'Error',
      code: errorCodeForStatus(this.statusCode),
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...this.extra,
    };
  }
}

export const badRequest = (message: string, details?: Record<string, string>) => new HttpError(400, message, details);
export const unauthorized = (message: string = REQUEST_MSG.unauthorized) => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message: string = REQUEST_MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 422: a value the rules refuse, reported under its field (`detail` when the field's text differs). */
export const unprocessable = (field: string, message: string, detail = message) =>
  new HttpError(422, message, { [field]: detail });
