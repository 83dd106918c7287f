// A tar archive of the given files (ustar headers, GNU long names past 100 characters), as tar writes one.

export interface TarItem {
  name: string;
  content?: string | Uint8Array;
  /** '0' a file (the default), '5' a folder, '2' a symbolic link. */
  type?: string;
}

function header(name: string, size: number, type: string): Uint8Array {
  const block = new Uint8Array(512);
  const put = (text: string, at: number) => block.set(new TextEncoder().encode(text), at);
  put(name.slice(0, 100), 0);
  put('0000644\0', 100);
  put('0000000\0', 108);
  put('0000000\0', 116);
  put(size.toString(8).padStart(11, '0') + '\0', 124);
  put('00000000000\0', 136);
  put(type, 156);
  put('ustar\0', 257);
  put('00', 263);
  put('        ', 148);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return block;
}

export function tarOf(items: TarItem[]): Uint8Array {
  const blocks: Uint8Array[] = [];
  const padded = (bytes: Uint8Array) => {
    const out = new Uint8Array(Math.ceil(bytes.length / 512) * 512);
    out.set(bytes);
    return out;
  };
  for (const { name, content = '', type = '0' } of items) {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    if (name.length > 100) {
      const longName = new TextEncoder().encode(`${name}\0`);
      blocks.push(header('././@LongLink', longName.length, 'L'), padded(longName));
    }
    blocks.push(header(name, bytes.length, type), padded(bytes));
  }
  blocks.push(new Uint8Array(1024));
  const out = new Uint8Array(blocks.reduce((n, block) => n + block.length, 0));
  let at = 0;
  for (const block of blocks) {
    out.set(block, at);
    at += block.length;
  }
  return out;
}
