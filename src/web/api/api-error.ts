// The one error type of the API client: whatever went wrong, callers see status, code, message
// and details, as the service's error body gives them.
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the service could not be reached. */
    readonly status: number,
    /** The service's code (ErrorCode), or the client's own: network_error, invalid_response, not_signed_in. */
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly requestId: string | null = null,
  ) {
    super(message);
  }

  /** The scopes a 403 says the route needs (`details.required`). */
  get requiredScopes(): string[] {
    return strings(this.details.required);
  }

  /**
   * The scopes of those the key lacks (`details.missing`, which our service adds); the required
   * ones where a service gives only those.
   */
  get missingScopes(): string[] {
    const missing = strings(this.details.missing);
    return missing.length ? missing : this.requiredScopes;
  }
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
