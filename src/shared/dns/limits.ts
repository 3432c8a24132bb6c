// Numeric limits shared by the API validation and the dashboard forms.

export const TTL_MIN = 300;
export const TTL_MAX = 86400;
export const TTL_DEFAULT = 3600;
export const COMMENT_MAX = 500;

/** A TTL must be a real integer in range: "3600" (a string) and 3600.5 are both rejected. */
export function isValidTtl(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= TTL_MIN && n <= TTL_MAX;
}
