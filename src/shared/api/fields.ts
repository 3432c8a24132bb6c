// Field rules shared by request schemas and dashboard forms: written once, used everywhere.
import { z } from 'zod';
import { COMMENT_MAX, TTL_MAX, TTL_MIN } from '../dns/limits';

export const ttlSchema = z
  .number({ error: `TTL must be a whole number of seconds from ${TTL_MIN} to ${TTL_MAX}.` })
  .int(`TTL must be a whole number of seconds from ${TTL_MIN} to ${TTL_MAX}.`)
  .min(TTL_MIN, `TTL must be at least ${TTL_MIN} seconds (5 minutes).`)
  .max(TTL_MAX, `TTL must be at most ${TTL_MAX} seconds (1 day).`);

// Control characters (C0 with tab and newline too: a comment is one line, DEL, C1) hide text or
// break the lines a log or terminal shows; bidirectional embeddings, overrides and isolates
// (U+202A-U+202E, U+2066-U+2069) reorder what a reader sees ("Trojan Source"). The marks
// U+200E/U+200F (LRM, RLM) and U+061C (ALM) stay allowed: right-to-left writers need them to
// place punctuation, and a mark cannot reorder a run of text as an override can.
const FORBIDDEN_IN_COMMENT = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** Why a comment cannot be stored (naming the character by code point), or undefined. */
export function commentProblem(comment: string): string | undefined {
  const m = FORBIDDEN_IN_COMMENT.exec(comment);
  if (!m) return undefined;
  const code = `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  const kind = /[\u202a-\u202e\u2066-\u2069]/u.test(m[0])
    ? 'the bidirectional control character'
    : 'the control character';
  return `Comment contains ${kind} ${code} at position ${Array.from(comment.slice(0, m.index)).length + 1}; remove it (comments are one line of plain text).`;
}

export const commentSchema = z
  .string({ error: 'Comment must be a string.' })
  .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters.`)
  .superRefine((value, ctx) => {
    const problem = commentProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const SCOPES = [
  'zones:read',
  'zones:write',
  'records:read',
  'records:write',
  'usage:read',
] as const;
export type Scope = (typeof SCOPES)[number];
