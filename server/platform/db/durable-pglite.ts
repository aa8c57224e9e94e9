// PGlite with commits that reach the disk. PGlite's own defaults start PostgreSQL with `-F` (fsync
// off), and even with fsync on, its Emscripten file system answers fdatasync() and fsync() without
// touching the disk. Three changes together make a commit durable: no `-F`, WAL flushed with fsync()
// rather than fdatasync(), and fsync() on the Node file system mapped to a real fs.fsyncSync.
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
type PreRun = NonNullable<EmscriptenOptions['preRun']>[number];

/** The shape of Emscripten's NODEFS that this file relies on; PGlite's types do not describe it. */
interface NodeFsModule {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd: number }) => number } };
}

export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  // PostgreSQL's 128 MB default is all resident in PGlite from the start (about 130 MB of the server's
  // memory, docs/budgets.md "Server memory"); pages beyond 16 MB are read again through the operating
  // system's file cache, which a small installation's data fits in anyway.
  '-c',
  'shared_buffers=16MB',
];

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const syncToDisk: PreRun = (module) => {
      (module as unknown as NodeFsModule).NODEFS.stream_ops.fsync = (stream) => {
        fsyncSync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncToDisk] } };
  }
}

/** `loadDataDir`: a backup (PGlite's data directory dump) to start an empty directory from. */
export function createDurablePglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS, loadDataDir });
}
