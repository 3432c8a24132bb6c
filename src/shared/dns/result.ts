// The outcome of every validator in this folder: a value, or one sentence a user can act on.

export type Ok<T> = { ok: true; value: T };
export type Err = {
  ok: false;
  message: string;
  expected?: string;
  /** Figures that go into the error's details, such as a limit: { max_bytes }. */
  details?: Record<string, number>;
  /** The sub-field of a structured value the problem is in (MX `priority`, SVCB `params`);
   * absent when it concerns the content as a whole (empty, wrong number of fields). */
  field?: string;
};
export type Result<T> = Ok<T> | Err;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err(message: string, expected?: string): Err {
  return expected === undefined ? { ok: false, message } : { ok: false, message, expected };
}

/** The same outcome, its error (if any) now naming the sub-field it concerns. */
export function inField<T>(field: string, result: Result<T>): Result<T> {
  return result.ok ? result : { ...result, field };
}

/** Quotes user input for a message; long input is shortened so messages stay one readable line. */
export function show(input: string): string {
  const chars = Array.from(input);
  const short = chars.length > 60 ? `${chars.slice(0, 57).join('')}...` : input;
  return JSON.stringify(short);
}
