// What the middleware hands to the routes.
import type { Logger } from 'pino';
import type { KeyPrincipal } from '../store/customers';
import type { RecordRow } from '../store/records';
import type { ZoneRow } from '../store/zones';

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    principal: KeyPrincipal;
    zone: ZoneRow;
    record: RecordRow;
    /** By-name routes: the RRset the path names, and the values `content=` selects. */
    rrset: RecordRow[];
    selected: RecordRow[];
  };
};
