// Field rules shared by request schemas and dashboard forms: written once, used everywhere.
import { z } from 'zod';
import { COMMENT_MAX, TTL_MAX, TTL_MIN } from '../dns/limits';

export const ttlSchema = z
  .number({ error: `TTL must be a whole number of seconds from ${TTL_MIN} to ${TTL_MAX}.` })
  .int(`TTL must be a whole number of seconds from ${TTL_MIN} to ${TTL_MAX}.`)
  .min(TTL_MIN, `TTL must be at least ${TTL_MIN} seconds (5 minutes).`)
  .max(TTL_MAX, `TTL must be at most ${TTL_MAX} seconds (1 day).`);

export const commentSchema = z
  .string({ error: 'Comment must be a string.' })
  .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters.`);

export const SCOPES = [
  'zones:read',
  'zones:write',
  'records:read',
  'records:write',
  'usage:read',
] as const;
export type Scope = (typeof SCOPES)[number];
