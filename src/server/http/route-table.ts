// The table of declared routes: the gate uses it to answer 404/405 before authentication and to
// find the scopes a route needs.
import type { Scope } from '../../shared/api/fields';

export interface RouteEntry {
  method: string;
  path: string;
  scopes: readonly Scope[];
  public?: boolean;
  /** A larger body than the gate's 1 MiB, for the one route that needs it (the batch). */
  maxBodyBytes?: number;
  pattern: RegExp;
}

export class RouteTable {
  private readonly entries: RouteEntry[] = [];

  add(
    method: string,
    path: string,
    scopes: readonly Scope[],
    isPublic = false,
    maxBodyBytes?: number,
  ) {
    const pattern = new RegExp(
      '^' + path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/]+?\}/g, '[^/]+') + '$',
    );
    this.entries.push({
      method: method.toUpperCase(),
      path,
      scopes,
      public: isPublic,
      pattern,
      ...(maxBodyBytes ? { maxBodyBytes } : {}),
    });
  }

  /** The declared path (`/v1/zones/{zone_id}`) this path matches, whatever the method. */
  patternOf(path: string): string | undefined {
    return this.entries.find((e) => e.pattern.test(path))?.path;
  }

  /** The entry for this request, or the methods the path allows when the method is wrong. */
  match(method: string, path: string): { entry: RouteEntry } | { allow: string[] } | null {
    const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const onPath = this.entries.filter((e) => e.pattern.test(path));
    if (!onPath.length) return null;
    const entry = onPath.find((e) => e.method === m);
    if (entry) return { entry };
    const allow = [...new Set(onPath.map((e) => e.method))];
    if (allow.includes('GET')) allow.push('HEAD');
    return { allow };
  }
}
