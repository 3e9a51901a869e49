// The part of hpack.js (no published types) that h2-session.ts uses: its synchronous decompressor.
declare module "hpack.js" {
  interface HeaderField {
    name: string;
    value: string;
  }
  interface Decompressor {
    write(block: Uint8Array): boolean;
    /** Decodes what was written; throws on a malformed block. */
    execute(): void;
    /** The next decoded field, or null. */
    read(): HeaderField | null;
  }
  const hpack: {
    decompressor: { create(options: { table: { maxSize: number } }): Decompressor };
  };
  export default hpack;
}
