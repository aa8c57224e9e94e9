// Imported first by main.tsx: zod compiles object parsers with `new Function` unless told not to, and
// even its probe for that is reported as a violation of the server's CSP (script-src 'self', no eval).
// Schemas read this setting when they are built, so it must run before any contract/ module loads.
import { config } from 'zod';

config({ jitless: true });
