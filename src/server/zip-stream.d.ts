// zip-stream ships no types; the part of its API the RPA zip export uses.
declare module 'zip-stream' {
  import { Transform, type Readable } from 'node:stream';
  interface ZipStreamOptions {
    store?: boolean;
    comment?: string;
    forceZip64?: boolean;
    zlib?: { level?: number };
  }
  interface ZipEntryData {
    name: string;
    date?: Date;
    store?: boolean;
  }
  export default class ZipStream extends Transform {
    constructor(options?: ZipStreamOptions);
    entry(source: Readable | Buffer | string, data: ZipEntryData, callback: (error?: Error | null) => void): this;
    finish(): void;
  }
}
