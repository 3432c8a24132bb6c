// What the fetch client needs of a response parser: zod's safeParse. The shared zod schemas fit
// it as they are; so does the small hand-written zone list parser on the initial-load path.
export interface ParseIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

export type ParseResult<T> =
  { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<ParseIssue> } };

export interface Parser<T> {
  safeParse(value: unknown): ParseResult<T>;
}
