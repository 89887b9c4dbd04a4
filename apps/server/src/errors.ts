import { ERRORS, errorI18nKey, type ApiErrorBody, type ErrorCode } from '@veritext/contracts';

/** An expected failure with a stable code; the central handler turns it into a response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

export function errorBody(code: ErrorCode, message?: string, fields?: Record<string, string>): ApiErrorBody {
  return {
    success: false,
    message: message ?? ERRORS[code].message,
    error: { code, key: errorI18nKey(code), ...(fields === undefined ? {} : { fields }) },
  };
}
