/**
 * A gzipped tarball whose bytes depend only on the files it holds: entries sorted by path, every time the
 * same fixed instant, owner 0:0 with no names, modes given by the caller (never the build machine's umask),
 * and a gzip header without a name or time. Two builds of one commit give the same checksum.
 */
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";

export interface TarEntry {
  /** Path inside the tarball, `/`-separated, no leading `./`. */
  path: string;
  /** A folder when absent. */
  content?: Buffer;
  mode: number;
}

/** 2000-01-01T00:00:00Z: any fixed instant will do; a zero time confuses some extractors. */
const FIXED_TIME = new Date(Date.UTC(2000, 0, 1));
/** The gzip header's operating-system byte: "Unix", whichever machine builds the release. */
const GZIP_OS_UNIX = 3;

export async function reproducibleTarGz(entries: readonly TarEntry[]): Promise<Buffer> {
  const archive = pack();
  const chunks: Buffer[] = [];
  archive.on("data", (chunk: unknown) => chunks.push(chunk as Buffer));
  const finished = new Promise<void>((resolve, reject) => {
    archive.on("end", resolve);
    archive.on("error", reject);
  });
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of sorted) {
    const header = {
      name: entry.path,
      mode: entry.mode,
      mtime: FIXED_TIME,
      uid: 0,
      gid: 0,
      uname: "",
      gname: "",
    };
    if (entry.content === undefined) archive.entry({ ...header, type: "directory" });
    else archive.entry({ ...header, type: "file", size: entry.content.length }, entry.content);
  }
  archive.finalize();
  await finished;
  const gzipped = gzipSync(Buffer.concat(chunks), { level: 9 });
  gzipped[9] = GZIP_OS_UNIX;
  return gzipped;
}
