import { ERRORS, errorI18nKey, type ApiErrorBody, type ErrorCode } from '@veritext/contracts';

/** An expected failure with a stable code; the central handler turns it into a response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** The spec's numeric code, sent as `code` in the body, where the call has one. */
  readonly specCode: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      specCode?: number;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
    this.specCode = options.specCode;
  }
}

export function errorBody(
  code: ErrorCode,
  message?: string,
  fields?: Record<string, string>,
  specCode?: number,
): ApiErrorBody {
  return {
    success: false,
    ...(specCode === undefined ? {} : { code: specCode }),
    message: message ?? ERRORS[code].message,
    error: { code, key: errorI18nKey(code), ...(fields === undefined ? {} : { fields }) },
  };
}
