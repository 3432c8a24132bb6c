// Puts a failed request's error where the user looks: beside the field it is about, or above the
// form when it concerns no field (a missing scope, a network failure).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ERROR_CODE_FIELD, type ErrorCode } from '../../../shared/api/common';
import { isApiError, type ApiError } from '../../api/api-error';

/** The request field an error is about: `details.field`, else the usual field of its code. */
export function fieldOfError(error: ApiError): string | null {
  const f = error.details.field;
  if (typeof f === 'string' && f !== '') return f;
  return ERROR_CODE_FIELD[error.code as ErrorCode] ?? null;
}

/**
 * Sets the field error when the ApiError names one of `fields` (by `details.field` or by its
 * code) and returns true; returns false when the error belongs above the form.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
): boolean {
  if (!isApiError(error) || error.status === 403 || error.status === 401) return false;
  const field = fieldOfError(error);
  const match = fields.find((f) => f === field);
  if (!match) return false;
  setError(match, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}
