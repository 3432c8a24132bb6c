// Reads a picked or dropped zone file as text, refusing what cannot be one before it is sent.
import { IMPORT_MAX_BYTES } from '../../shared/api/zone-file';

export type ZoneFileRead = { ok: true; text: string } | { ok: false; message: string };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function readZoneFile(file: File): Promise<ZoneFileRead> {
  if (file.size > IMPORT_MAX_BYTES) {
    return {
      ok: false,
      message: `${file.name} is ${mb(file.size)}; the largest zone file accepted is ${mb(IMPORT_MAX_BYTES)}. Split it into several files and import them one after the other (merge).`,
    };
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    return {
      ok: false,
      message: `${file.name} could not be read. Check that the file is still there and try again, or paste its text.`,
    };
  }
  // A zone file is text: a NUL byte means an archive, an image or a database file.
  if (text.includes('\0')) {
    return {
      ok: false,
      message: `${file.name} is not a text file. Pick the zone file itself (the BIND format: lines such as "www 3600 IN A 192.0.2.1"), not an archive or a database.`,
    };
  }
  return { ok: true, text };
}

/** The lines of a file as the parser numbers them (line 1 is index 0): a lone CR is a blank to it. */
export const fileLines = (text: string): string[] =>
  text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
